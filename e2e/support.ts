// Helpers of the journeys: the sandbox mailbox, unique addresses and screenshots of the main
// screens into e2e/artifacts (git-ignored), one folder per database run.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect } from '@playwright/test';
import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';

interface SandboxMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string;
  created_at?: string;
}

const artifactsDir = path.join(import.meta.dirname, 'artifacts', process.env.E2E_RUN ?? 'local');

export function uniqueEmail(label: string): string {
  return `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/**
 * Waits for the newest mail to `to` whose text carries a link matching `linkPattern` and returns
 * the link's path and query, so the browser stays on the origin it started on (localStorage is
 * per origin, and the server's PUBLIC_URL may name the host differently).
 */
export async function readMailLink(
  request: APIRequestContext,
  to: string,
  linkPattern: RegExp,
): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get('/sandbox/mail.json');
        expect(response.ok()).toBe(true);
        const { messages } = (await response.json()) as { messages: SandboxMail[] };
        for (const message of messages) {
          if (message.to.toLowerCase() !== to.toLowerCase()) continue;
          const found = message.text.match(/https?:\/\/\S+/g)?.find((url) => linkPattern.test(url));
          if (found) {
            link = found;
            return true;
          }
        }
        return false;
      },
      { message: `a mail to ${to} with a link matching ${linkPattern}`, timeout: 15_000 },
    )
    .toBe(true);
  const url = new URL(link ?? '');
  return `${url.pathname}${url.search}`;
}

export async function saveScreenshot(page: Page, name: string): Promise<void> {
  mkdirSync(artifactsDir, { recursive: true });
  await page.screenshot({ path: path.join(artifactsDir, `${name}.png`), fullPage: true });
}

/** Fails on serious or critical WCAG 2.1 A/AA violations found by axe-core on the current page. */
export async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
  expect(serious, `accessibility violations on ${page.url()}`).toEqual([]);
}

/** A browser context signed in with `sessionToken` (or nobody), with the Test System notice dismissed. */
export async function contextFor(
  browser: Browser,
  baseURL: string | undefined,
  sessionToken: string | null,
  viewport = { width: 1280, height: 900 },
): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, viewport, locale: 'en-GB' });
  await context.addInitScript((token) => {
    localStorage.setItem('hide-staging-alert', 'true');
    if (token)
      localStorage.setItem(
        'countersign.session',
        JSON.stringify({ token, expiresAt: '2099-01-01T00:00:00Z' }),
      );
  }, sessionToken);
  return context;
}
