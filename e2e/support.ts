// Helpers of the journeys: the sandbox mailbox, unique addresses, accounts and requests set up
// through the API, and screenshots of the main screens into e2e/artifacts (git-ignored), one
// folder per database run.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { SIGNING_CONSENT_VERSION, signingConsentText } from '@countersign/domain';
import { readCorpusPdf } from '../packages/pdf/src/test-corpus.js';
import { expect } from '@playwright/test';
import type { APIRequestContext, Browser, BrowserContext, Locator, Page } from '@playwright/test';

interface SandboxMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string;
  created_at?: string;
}

const artifactsDir = path.join(import.meta.dirname, 'artifacts', process.env.E2E_RUN ?? 'local');
export const accountPassword = 'amber lantern over hills 9';

/** A PDF of the real-world corpus (CORPUS_DIR or test-fixtures/corpus). */
export const corpusPdf = readCorpusPdf;

export interface Account {
  email: string;
  token: string;
}

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
  // colours mid-transition (a button just enabled fades from grey to its colour) are neither the
  // old nor the new ones: axe checks the contrast once the page's CSS transitions have ended
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation instanceof CSSTransition)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
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

/** A confirmed account made through the API (in `lang` when given), logged in. */
export async function createAccount(
  request: APIRequestContext,
  label: string,
  firstName: string,
  lang?: 'en' | 'de' | 'fr' | 'it',
): Promise<Account> {
  const email = uniqueEmail(label);
  const registered = await request.post('/v1/register', {
    data: {
      email,
      password: accountPassword,
      first_name: firstName,
      last_name: 'Tester',
      accept_gtc: true,
      ...(lang && { lang }),
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const confirmPath = await readMailLink(request, email, /\/signup\/confirm\?token=/);
  const confirmToken = new URL(confirmPath, 'http://x').searchParams.get('token');
  expect((await request.post('/v1/valid-confirmation', { data: { token: confirmToken } })).ok()).toBe(true);
  const login = await request.post('/v1/login', { data: { email, password: accountPassword } });
  expect(login.ok()).toBe(true);
  const { token } = (await login.json()) as { token: string };
  await finishSignupSteps(request, token);
  return { email, token };
}

/** Finishes the steps of a new account (ADR 092), as a person clicking through them would. */
export async function finishSignupSteps(request: APIRequestContext, token: string): Promise<void> {
  const finished = await request.put('/v1/user', {
    headers: { authorization: `Bearer ${token}` },
    data: { attributes: { signup_step: 'done' } },
  });
  expect(finished.ok()).toBe(true);
}

/** Skips through the steps of a new account in the browser, from their first to the dashboard. */
export async function skipSignupSteps(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/signup\/steps$/);
  await page.getByRole('button', { name: 'Continue' }).click();
  for (const heading of ['Language', 'How you sign', 'Your identity']) {
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    await page.getByRole('button', { name: 'Skip' }).click();
  }
}

/**
 * A request with one corpus PDF for the given signers (at the given level, simple by default),
 * sent (initiated) unless `isDraft`; returns its id and signer ids.
 */
export async function sendRequest(
  request: APIRequestContext,
  owner: Account | { authorization: string },
  input: {
    title: string;
    file: string;
    signers: { email: string; name?: string }[];
    quality?: 'ses' | 'aes' | 'qes';
    legislation?: 'eidas' | 'zertes';
    isDraft?: boolean;
    /** link signers confirm with a mailed TAN before they sign (ADR 086) */
    tanRequired?: boolean;
  },
): Promise<{ id: string; signerIds: string[] }> {
  // a person's session, or an API user's Basic credentials
  const headers = 'token' in owner ? { authorization: `Bearer ${owner.token}` } : owner;
  const { file, signers, isDraft, ...payload } = input;
  const created = await request.post('/v3/signature-requests', {
    headers,
    multipart: {
      payload: JSON.stringify({ ...payload, message: 'Please sign.', signatures: signers }),
      documents: { name: file, mimeType: 'application/pdf', buffer: corpusPdf(file) },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const draft = (await created.json()) as { id: string; signatures: { id: string }[] };
  if (isDraft) return { id: draft.id, signerIds: draft.signatures.map((s) => s.id) };
  const initiated = await request.post(`/v3/signature-requests/${draft.id}/initiate`, { headers });
  expect(initiated.ok(), await initiated.text()).toBe(true);
  const body = (await initiated.json()) as { signatures: { id: string }[] };
  return { id: draft.id, signerIds: body.signatures.map((s) => s.id) };
}

/**
 * The review's check box of the consent to sign electronically, named by its own words (the
 * current consent in English), since the review can hold another check box (a business member's
 * choice to apply a seal instead).
 */
export function consentCheckbox(review: Locator): Locator {
  const consent = signingConsentText(SIGNING_CONSENT_VERSION, 'en') ?? '';
  return review.getByRole('checkbox', { name: consent, exact: true });
}

/** In the review before signing: agrees to sign electronically and signs. */
export async function agreeAndSign(page: Pick<Page, 'getByRole'>): Promise<void> {
  const review = page.getByRole('dialog', { name: 'Review and sign' });
  await consentCheckbox(review).check();
  await review.getByRole('button', { name: 'Sign now' }).click();
}

/**
 * Signs in an open request view as a person would: each of their fields (a signature or initials
 * box pressed, a check box ticked, a text field filled in from the bar), Sign, then the review.
 */
export async function signInView(
  page: Pick<Page, 'getByRole' | 'getByTestId'>,
  text = 'Filled in',
): Promise<void> {
  const bar = page.getByRole('region', { name: 'Sign or decline' });
  // the bar and the fields come with the request
  await expect(bar).toBeVisible();
  for (const field of await page.getByTestId('my-field').all()) {
    if ((await field.getAttribute('data-done')) === 'true') continue;
    await field.click();
    if ((await field.getAttribute('data-kind')) === 'text')
      await bar.getByTestId('current-field-input').fill(text);
  }
  await bar.getByRole('button', { name: 'Sign', exact: true }).click();
  await agreeAndSign(page);
}

/**
 * The operator verifies the business's name, register and country as they are now, through the
 * operator API, with the token scripts/e2e.mjs gave the server (ADR 062).
 */
export async function verifyAsOperator(request: APIRequestContext, businessId: string): Promise<void> {
  const token = process.env.E2E_OPERATOR_TOKEN;
  if (!token) throw new Error('E2E_OPERATOR_TOKEN is not set: scripts/e2e.mjs sets it for server and tests');
  const headers = { authorization: `Bearer ${token}` };
  const shown = await request.get(`/v1/operator/businesses/${businessId}`, { headers });
  expect(shown.ok(), await shown.text()).toBe(true);
  const { verification } = (await shown.json()) as { verification: { organisation: object } };
  const verified = await request.post(`/v1/operator/businesses/${businessId}/verify`, {
    headers,
    data: verification.organisation,
  });
  expect(verified.ok(), await verified.text()).toBe(true);
}
