// The account journey: sign up, confirm the address from the sandbox mailbox, go through the
// steps of a new account (resumed after a reload), log in, see the dashboard, change the password, log out, and log in with the new password.
import { expect, test } from '@playwright/test';
import { expectAccessible, readMailLink, saveScreenshot, uniqueEmail } from './support.js';

const firstPassword = 'quiet meadow at dawn 7';
const secondPassword = 'copper kettle sings 42';

test('a new user signs up, confirms, logs in, changes the password and logs in again', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('journey');

  await test.step('sign up', async () => {
    await page.goto('/signup');
    await expect(page).toHaveTitle('Signup - Countersign');
    // The server runs with NODE_ENV=test, so the Test System overlay shows until dismissed.
    const overlay = page.getByRole('region', { name: 'Test System' });
    await expect(overlay).toBeVisible();
    await saveScreenshot(page, '01-signup');
    await expectAccessible(page);
    await overlay.getByRole('button', { name: 'I understand' }).click();
    await expect(overlay).toBeHidden();

    await page.getByLabel('First name').fill('Grace');
    await page.getByLabel('Last name').fill('Hopper');
    await page.getByLabel('E-mail address', { exact: true }).fill(email);
    await page.getByLabel('Password').fill('password');
    await expect(page.getByTestId('password-verdict')).toContainText('The password is too short.');
    await page.getByLabel('Password').fill(firstPassword);
    // The verdict comes from POST /v1/check-password once typing stops.
    await expect(page.getByTestId('password-verdict')).toContainText('This password meets the requirements.');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page.getByText('This field is required')).toBeVisible();
    await page.getByLabel('I accept the terms and conditions').check();
    await page.getByRole('button', { name: 'Sign up' }).click();

    await expect(page).toHaveURL(/\/signup\/mail-sent$/);
    await expect(page.getByText(`We have sent a confirmation link to ${email}.`)).toBeVisible();
    await saveScreenshot(page, '02-signup-mail-sent');
  });

  await test.step('log in before confirming is refused', async () => {
    await page.goto(`/login?email=${encodeURIComponent(email.toUpperCase())}`);
    await expect(page.getByLabel('E-mail address', { exact: true })).toHaveValue(email);
    await page.getByLabel('Password').fill(firstPassword);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Please confirm your e-mail address first' }),
    ).toBeVisible();
  });

  await test.step('confirm the address from the mailbox', async () => {
    const confirmPath = await readMailLink(request, email, /\/signup\/confirm\?token=/);
    await page.goto(confirmPath);
    // the link signs Grace in, and her new account goes through its steps (ADR 092)
    await expect(page).toHaveURL(/\/signup\/steps$/);
    await expect(page.getByRole('heading', { name: 'Your name' })).toBeVisible();
    await expect(page.getByText('Step 1 of 4')).toBeVisible();
    await expect(page.getByLabel('First name')).toHaveValue('Grace');
    await saveScreenshot(page, '03-signup-steps');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { name: 'Language' })).toBeVisible();
    await page.getByRole('button', { name: 'Skip' }).click();
    await expect(page.getByRole('heading', { name: 'How you sign' })).toBeVisible();
    await page.getByLabel('Default legislation').selectOption('zertes');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { name: 'Your identity' })).toBeVisible();
    // a reload continues at the step reached
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Your identity' })).toBeVisible();
    await expect(page.getByText('Step 4 of 4')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Connect ID Austria' })).toBeVisible();
    await page.getByRole('button', { name: 'Finish' }).click();
    await expect(page).toHaveURL(/\/dashboard\?tab=inbox&q=$/);
    await expect(page.getByRole('heading', { name: 'Hello Grace Hopper' })).toBeVisible();
    await saveScreenshot(page, '03-signup-confirmed');
    // what the steps saved is the profile's
    await page.goto('/profile/settings');
    await expect(page.getByLabel('Default legislation')).toHaveValue('zertes');
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/dashboard\?tab=inbox&q=$/);
    await page.getByRole('link', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/(login|bye)/);
  });

  await test.step('log in and see the dashboard', async () => {
    await page.goto(`/login?email=${encodeURIComponent(email)}`);
    await expect(page.getByLabel('E-mail address', { exact: true })).toHaveValue(email);
    await saveScreenshot(page, '04-login');
    await expectAccessible(page);
    await page.getByLabel('Password').fill(firstPassword);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/dashboard\?tab=inbox&q=$/);
    await expect(page.getByRole('heading', { name: 'Hello Grace Hopper' })).toBeVisible();
    await expect(page.getByRole('tab')).toHaveText(['Inbox', 'Drafts', 'Search']);
    await expect(page).toHaveTitle('Dashboard - Countersign');
    await saveScreenshot(page, '05-dashboard');
    await expectAccessible(page);
  });

  await test.step('change the password', async () => {
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Change password' })
      .click();
    await expect(page).toHaveURL(/\/profile\/change-password$/);
    await page.getByLabel('Current password').fill(firstPassword);
    await page.getByLabel('New password', { exact: true }).fill(secondPassword);
    await page.getByLabel('Repeat the new password').fill(secondPassword);
    await expect(page.getByTestId('password-verdict')).toContainText('This password meets the requirements.');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Your password has been changed.' }).first(),
    ).toBeVisible();
    await saveScreenshot(page, '06-password-changed');
    await expectAccessible(page);
  });

  await test.step('log out', async () => {
    await page.getByRole('link', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  });

  await test.step('the old password no longer works; the new one does, back to the page asked for', async () => {
    await page.goto('/profile/change-password');
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('E-mail address', { exact: true }).fill(email);
    await page.getByLabel('Password').fill(firstPassword);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'The e-mail address or password is wrong.' }),
    ).toBeVisible();
    await page.getByLabel('Password').fill(secondPassword);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/profile\/change-password$/);
    await expect(page.getByRole('heading', { name: 'Change password' })).toBeVisible();
  });
});

test('unknown pages show the 404 page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page).toHaveTitle('404 - Countersign');
  await saveScreenshot(page, '07-not-found');
  await expectAccessible(page);
});
