// Leaving for an integrator's exit address (spec 5: navigating to an external URL requires explicit
// permission; ADR 064). A person with only the mailed link, sent to an address whose origin no
// business registered, is asked where the page would take them, with nothing counting down, and
// stays when they choose to. A business admin registers the shop's origin on the settings page;
// on that business's request the same journey counts down, naming the shop, and leaves by itself.
// axe finds nothing serious on the settings page or the question.
import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  contextFor,
  createAccount,
  expectAccessible,
  readMailLink,
  saveScreenshot,
  sendRequest,
  signInView,
  uniqueEmail,
} from './support.js';
import type { Account } from './support.js';

/** The integrator's pages, served here so no network is needed. */
async function serveSite(page: Page, origin: string, heading: string) {
  await page.route(`${origin}/**`, (route) =>
    route.fulfill({
      status: 200,
      contentType: 'text/html',
      body: `<title>${heading}</title><h1>${heading}</h1>`,
    }),
  );
}

/** A request of `sender` to a person without an account; the link of its invitation mail. */
async function linkOfRequest(request: APIRequestContext, sender: Account, title: string) {
  const linkHolder = uniqueEmail('exit-link');
  const { id } = await sendRequest(request, sender, {
    title,
    file: '002-trivial-libre-office-writer.pdf',
    signers: [{ email: linkHolder, name: 'Lina Link' }],
  });
  return readMailLink(request, linkHolder, new RegExp(`/view/${id}/[^/?]+\\?token=`));
}

test('a link signer is asked before leaving for an origin nobody registered, and stays', async ({
  browser,
  request,
  baseURL,
}) => {
  const sender = await createAccount(request, 'exit-solo', 'Sol');
  const link = await linkOfRequest(request, sender, 'Order 17');
  const context = await contextFor(browser, baseURL, null);
  const page = await context.newPage();
  await serveSite(page, 'https://unknown.example', 'Unknown site');

  await page.goto(`${link}&exit=${encodeURIComponent('https://unknown.example/done')}&redirectTimeout=10`);
  await expect(page.getByRole('heading', { name: 'Order 17' })).toBeVisible();
  await signInView(page);
  const overlay = page.getByRole('dialog', { name: 'Signed' });
  await expect(overlay).toBeVisible({ timeout: 30_000 });
  await expect(overlay.getByTestId('leave-host')).toHaveText('unknown.example');
  await expect(overlay.getByRole('button', { name: 'Leave to unknown.example' })).toBeVisible();
  await expect(overlay.getByTestId('exit-countdown')).toHaveCount(0);
  await expectAccessible(page);
  await saveScreenshot(page, 'exit-01-asked');

  // past redirectTimeout (10 s) the page is still here: nothing counts down towards the site
  await page.waitForTimeout(12_000);
  await expect(overlay).toBeVisible();
  await overlay.getByRole('button', { name: 'Stay' }).click();
  await expect(overlay).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Order 17' })).toBeVisible();
  expect(new URL(page.url()).origin).toBe(new URL(baseURL ?? '').origin);
  await context.close();
});

test("with the business's registered origin the exit counts down and leaves", async ({
  browser,
  request,
  baseURL,
}) => {
  const admin = await createAccount(request, 'exit-admin', 'Ada');
  const created = await request.post('/v2/businesses', {
    headers: { authorization: `Bearer ${admin.token}` },
    data: { name: `Shop ${Date.now().toString(36)}`, country: 'CH', accept_gtc: true, accept_dpa: true },
  });
  expect(created.status(), await created.text()).toBe(201);

  await test.step("the admin registers the shop's origin on the settings page", async () => {
    const context = await contextFor(browser, baseURL, admin.token);
    const page = await context.newPage();
    await page.goto('/business/settings');
    const origins = page.getByLabel('Registered origins, one a line');
    await origins.fill('https://shop.example/return');
    await page.getByRole('button', { name: 'Save origins' }).click();
    await expect(
      page.getByText('https://shop.example/return is not of the form https://host or https://host:port.'),
    ).toBeVisible();
    await origins.fill('https://Shop.Example');
    await page.getByRole('button', { name: 'Save origins' }).click();
    await expect(
      page.getByTestId('snackbar').filter({ hasText: 'The settings have been saved.' }),
    ).toBeVisible();
    await expect(origins).toHaveValue('https://shop.example');
    await expectAccessible(page);
    await saveScreenshot(page, 'exit-02-settings');
    await context.close();
  });

  await test.step('the link signer of its request counts down to the shop and is taken there', async () => {
    const link = await linkOfRequest(request, admin, 'Order 18');
    const context = await contextFor(browser, baseURL, null);
    const page = await context.newPage();
    await serveSite(page, 'https://shop.example', 'Back at the shop');
    await page.goto(`${link}&exit=${encodeURIComponent('https://shop.example/done')}&redirectTimeout=10`);
    await expect(page.getByRole('heading', { name: 'Order 18' })).toBeVisible();
    await signInView(page);
    const overlay = page.getByRole('dialog', { name: 'Signed' });
    await expect(overlay).toBeVisible({ timeout: 30_000 });
    await expect(overlay.getByTestId('exit-countdown')).toContainText('You will be taken back in');
    await expect(overlay.getByRole('button', { name: 'Continue to shop.example' })).toBeVisible();
    await expect(overlay.getByTestId('leave-question')).toHaveCount(0);
    await saveScreenshot(page, 'exit-03-countdown');
    await expect(page).toHaveURL('https://shop.example/done', { timeout: 20_000 });
    await expect(page.getByRole('heading', { name: 'Back at the shop' })).toBeVisible();
    await context.close();
  });
});
