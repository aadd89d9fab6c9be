// The paid side in the browser: a business signs up on the public pages (with a referral code),
// confirms its admin's address from the sandbox mailbox and lands in its admin area. axe finds
// nothing serious on the pages it passes.
import { expect, test } from '@playwright/test';
import { contextFor, expectAccessible, readMailLink, saveScreenshot, uniqueEmail } from './support.js';

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
    await page.getByLabel('E-mail address').fill(email);
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
