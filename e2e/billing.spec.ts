// The paid side in the browser: a business signs up on the public pages (with a referral code),
// confirms its admin's address from the sandbox mailbox and lands in its admin area; an individual
// buys the individual plan with a card saved through the sandbox's card page and its 3-D Secure
// step; a business admin, after a declined card, saves one that needs 3-D Secure on every charge,
// upgrades from the trial to Pro (approving the charge), finds the invoice of that payment listed
// and downloads it, then adds seats: the bank's step refused first, the change is offered again
// on return and approved. Prices, previews, charges and invoices are in the platform's currency
// (CHF here, on localhost). axe finds nothing serious on the pages it passes.
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import {
  contextFor,
  createAccount,
  expectAccessible,
  readMailLink,
  saveScreenshot,
  uniqueEmail,
} from './support.js';

const password = 'amber lantern over hills 9';

test('a business signs up on the public pages and lands in its admin area', async ({
  browser,
  baseURL,
  request,
}) => {
  const page = await (await contextFor(browser, baseURL, null)).newPage();
  const email = uniqueEmail('biz-signup');
  const businessName = `Signup ${Date.now().toString(36)}`;

  await test.step('describe the business', async () => {
    await page.goto('/business/signup?ucc=ref_e2e');
    await expect(page).toHaveTitle('Signup - Countersign');
    await expect(page.getByRole('heading', { name: 'Sign up your business' })).toBeVisible();
    await expectAccessible(page);
    await page.getByLabel('Business name').fill(businessName);
    await page.getByLabel('I accept the terms and conditions for businesses').check();
    await page.getByLabel('I accept the data processing agreement').check();
    await page.getByRole('button', { name: 'Continue' }).click();
  });

  await test.step('create the account of its first admin', async () => {
    await expect(page).toHaveURL(/\/business\/signup\/steps$/);
    await expect(page.getByText(`You will be the first admin of ${businessName}.`)).toBeVisible();
    await expectAccessible(page);
    await page.getByLabel('First name').fill('Grace');
    await page.getByLabel('Last name').fill('Hopper');
    await page.getByLabel('E-mail address', { exact: true }).fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByLabel('I accept the terms and conditions and the privacy policy').check();
    await page.getByRole('button', { name: 'Create account and business' }).click();
    await expect(page).toHaveURL(/\/business\/signup\/mail-sent$/);
    await expect(page.getByText(`Once you have confirmed it, ${businessName} is registered`)).toBeVisible();
    await expectAccessible(page);
    await saveScreenshot(page, 'business-signup-mail-sent');
    expect(await page.evaluate(() => localStorage.getItem('countersign.ucc'))).toBe('ref_e2e');
  });

  await test.step('the confirmation link registers the business and opens its welcome page', async () => {
    await page.goto(await readMailLink(request, email, /\/signup\/confirm\?token=/));
    await expect(page.getByRole('heading', { name: `Welcome to ${businessName}` })).toBeVisible();
    await expect(page).toHaveURL(/\/business\/welcome$/);
    await expectAccessible(page);
  });
});

/** Fills the sandbox's card page with a test card and saves it. */
async function saveCard(page: Page, number: string): Promise<void> {
  await expect(page).toHaveURL(/\/sandbox\/payments\/setup\//);
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('Security code').fill('123');
  await page.getByRole('button', { name: 'Save card' }).click();
}

/** The bank's 3-D Secure page of the sandbox: approve. */
async function approveSecureStep(page: Page): Promise<void> {
  await expect(page.getByRole('button', { name: 'Complete authentication' })).toBeVisible();
  await page.getByRole('button', { name: 'Complete authentication' }).click();
}

test('an individual buys the individual plan through the card page and its 3-D Secure step', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(120_000);
  const account = await createAccount(request, 'upgrade', 'Ivy');
  const page = await (await contextFor(browser, baseURL, account.token)).newPage();

  await test.step('see the plan and its price', async () => {
    await page.goto('/upgrade');
    await expect(page.getByRole('heading', { name: 'Upgrade your plan' })).toBeVisible();
    await expect(page.getByTestId('price-individual')).toHaveText(/^CHF.+ per year$/);
    await expect(page.getByTestId('preview-total')).toHaveText(/^CHF/);
    await page.getByLabel('Promo code (optional)').fill('NO-SUCH-CODE');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByText('This promo code does not exist.')).toBeVisible();
    await page.getByRole('button', { name: 'Remove' }).click();
    await expectAccessible(page);
    await saveScreenshot(page, 'upgrade');
  });

  await test.step('save a card that asks for 3-D Secure', async () => {
    await page.getByRole('button', { name: 'Add a card' }).click();
    await saveCard(page, '4000 0025 0000 3155');
    await approveSecureStep(page);
    await expect(page).toHaveURL(/\/upgrade\?.*redirect_status=succeeded/);
    await expect(page.getByText('Your card is saved.')).toBeVisible();
  });

  await test.step('pay, and be on the individual plan', async () => {
    await page.getByRole('button', { name: /^Pay CHF.+ and upgrade$/ }).click();
    // the charge goes through the payment provider: give a loaded machine time. The page turns
    // into the plan's own view as soon as the account's plan is read afresh, and keeps saying
    // that the purchase went through
    await expect(page.getByTestId('own-plan')).toHaveText('Your plan: Individual', { timeout: 30_000 });
    await expect(page.getByText('You are on the Individual plan now.')).toBeVisible();
    await page.goto('/upgrade');
    await expect(page.getByTestId('own-plan')).toHaveText('Your plan: Individual');
    await expect(page.getByTestId('invoice-row')).toHaveCount(1);
    await expectAccessible(page);
  });
});

test('a business leaves its trial for Pro through the card page and 3-D Secure, and downloads the invoice', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(180_000);
  const admin = await createAccount(request, 'biz-upgrade', 'Ada');
  const created = await request.post('/v2/businesses', {
    headers: { authorization: `Bearer ${admin.token}` },
    data: { name: `Paying ${Date.now().toString(36)}`, country: 'CH', accept_gtc: true, accept_dpa: true },
  });
  expect(created.status(), await created.text()).toBe(201);
  const page = await (await contextFor(browser, baseURL, admin.token)).newPage();
  let charged = '';

  await test.step('the plan page shows the trial', async () => {
    await page.goto('/business/billing/plan');
    await expect(page.getByTestId('plan-name')).toHaveText('Trial');
    await expect(page.getByTestId('plan-status')).toHaveText(/^Your trial ends on /);
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Choose a plan' }).click();
  });

  await test.step('choose Pro, yearly, and save a card after a declined one', async () => {
    await expect(page.getByRole('heading', { name: 'Choose a plan for your business' })).toBeVisible();
    await page.getByRole('radio', { name: 'Pro' }).check();
    await expect(page.getByTestId('preview-total')).toHaveText(/^CHF/);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Add a card' }).click();
    await saveCard(page, '4000 0000 0000 0002');
    await expect(page.getByRole('alert')).toBeVisible();
    // a card that needs the bank's approval for every charge
    await saveCard(page, '4000 0027 6000 3184');
    await approveSecureStep(page);
    // saved from the checkout, the card page returns to it
    await expect(page).toHaveURL(/\/business\/upgrade\?.*redirect_status=succeeded/);
    await expect(page.getByText('Your card is saved.')).toBeVisible();
  });

  await test.step('pay for Pro, approving the charge with the bank', async () => {
    await expect(page.getByRole('radio', { name: 'Pro' })).toBeChecked();
    await expect(page.getByTestId('saved-card')).toHaveText(/ending in 3184/);
    const pay = page.getByRole('button', { name: /^Pay CHF.+ and upgrade$/ });
    // the invoice needs a billing address, asked before paying
    await expect(page.getByTestId('address-first')).toBeVisible();
    await expect(pay).toBeDisabled();
    await page.getByLabel('Address', { exact: true }).fill('Bahnhofstrasse 1');
    await page.getByLabel('Postal code').fill('8001');
    await page.getByLabel('City').fill('Zürich');
    await page.getByRole('button', { name: 'Save billing address' }).click();
    await expect(page.getByTestId('address-first')).toBeHidden();
    await expect(pay).toBeEnabled();
    charged = /^Pay (CHF.+) and upgrade$/.exec((await pay.textContent()) ?? '')?.[1] ?? '';
    expect(charged).toMatch(/^CHF.\d/);
    await pay.click();
    await approveSecureStep(page);
    await expect(async () => {
      await page.goto('/business/billing/plan');
      await expect(page.getByTestId('plan-name')).toHaveText('Pro', { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await expectAccessible(page);
    await saveScreenshot(page, 'business-plan');
  });

  await test.step('the invoice of the payment is listed and downloads as a sealed PDF', async () => {
    const row = page.getByTestId('invoice-row');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(/INV-CH-\d{6}/);
    await expect(row).toContainText(charged);
    await expect(row).toContainText('Paid');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: /^Download PDF INV-CH-\d{6}$/ }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^INV-CH-\d{6}\.pdf$/);
    const pdf = await readFile(await download.path());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.toString('latin1')).toContain('/ByteRange');
  });

  await test.step('add seats: the bank refuses, the change is offered again on return, then approved', async () => {
    const seats = page.getByText(/^\d+ seats · /);
    const wanted = Number(/^\d+/.exec((await seats.textContent()) ?? '')?.[0]) + 2;
    await page.getByRole('button', { name: 'Add seats' }).click();
    const overlay = page.getByRole('dialog', { name: 'Add seats' });
    await overlay.getByLabel('Seats in total').fill(String(wanted));
    const pay = overlay.getByRole('button', { name: /^Pay CHF.+ and add seats$/ });
    await expect(pay).toBeEnabled();
    await pay.click();
    await page.getByRole('button', { name: 'Fail authentication' }).click();
    await expect(page.getByRole('link', { name: 'Back to Countersign' })).toBeVisible();

    await page.goto('/business/billing/plan');
    await expect(
      page.getByText(`Adding seats to ${wanted} in total is not finished: your bank has not confirmed`),
    ).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Continue adding seats' }).click();
    await expect(overlay.getByLabel('Seats in total')).toHaveValue(String(wanted));
    await expect(pay).toBeEnabled();
    await pay.click();
    await approveSecureStep(page);
    await expect(async () => {
      await page.goto('/business/billing/plan');
      await expect(page.getByText(new RegExp(`^${wanted} seats · `))).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await expect(page.getByRole('button', { name: 'Continue adding seats' })).toHaveCount(0);
  });
});
