// The built app runs under its Content-Security-Policy: the dashboard, a signing view with page
// images (blob: URLs), a visual signature's live preview, a dialog and the API docs open without
// a single policy violation; and no other page may frame the app (clickjacking of Sign).
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { contextFor, createAccount, sendRequest } from './support.js';

/** Collects the policy violations the page reports, in every document it loads. */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportCspViolation(text: string): void }).reportCspViolation;
      report(`${event.violatedDirective} blocked ${event.blockedURI} on ${location.pathname}`);
    });
  });
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

test('the app works under its security policy, and cannot be framed', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const sender = await createAccount(request, 'csp-sender', 'Cleo');
  const sent = await sendRequest(request, sender, {
    title: 'Policy check',
    file: 'pdflatex-4-pages.pdf',
    signers: [{ email: sender.email }],
  });
  const context = await contextFor(browser, baseURL, sender.token);
  const page = await context.newPage();
  const violations = await watchViolations(page);

  await test.step('the dashboard lists the request', async () => {
    const answer = await page.goto('/dashboard');
    expect(answer?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    await expect(page.getByText('Policy check').first()).toBeVisible();
  });

  await test.step('the signing view draws its pages from blob: images', async () => {
    await page.goto(`/view/${sent.id}`);
    await expect(page.getByRole('heading', { name: 'Policy check' })).toBeVisible();
    const firstPage = page.getByTestId('document-page').first();
    await expect(firstPage).toHaveAttribute('data-state', 'loaded');
    await expect
      .poll(() =>
        firstPage
          .locator('img')
          .first()
          .evaluate((img: HTMLImageElement) => img.naturalWidth),
      )
      .toBeGreaterThan(0);
  });

  await test.step('a visual signature shows its live preview inside a dialog', async () => {
    await page.goto('/profile/visual-signature');
    await page.getByRole('button', { name: 'New visual signature' }).click();
    await page.getByLabel('Name of this signature').fill('Office');
    const preview = page.getByRole('img', { name: 'Preview of the signature you are editing' });
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  });

  await test.step('the API documentation renders', async () => {
    await page.goto('/api/docs');
    await expect(page.locator('.swagger-ui .info .title')).toBeVisible();
  });

  expect(violations).toEqual([]);

  await test.step('a page of another origin cannot frame the signing view', async () => {
    const framer = await context.newPage();
    const blocked: string[] = [];
    framer.on('console', (message) => blocked.push(message.text()));
    await framer.setContent(`<iframe src="${baseURL}/view/${sent.id}" width="800" height="600"></iframe>`);
    await expect.poll(() => blocked.some((text) => /frame-ancestors/.test(text))).toBe(true);
    const frame = framer.frames().find((candidate) => candidate !== framer.mainFrame());
    expect(
      await frame
        ?.locator('body')
        .innerText()
        .catch(() => ''),
    ).not.toContain('Policy check');
  });
  await context.close();
});
