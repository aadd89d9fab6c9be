// The dialogs and overlays a person meets whose trigger the spec leaves open (ADR 096): the phone's
// header menu as the full-screen `header` overlay; deleting one's account through the `delete
// user` overlay and the password dialog `profile: delete account`. The `direct sign` overlay is
// ADR 093's, walked in the signature-standards journey's neighbourhood.
import { expect, test } from '@playwright/test';
import { accountPassword, contextFor, createAccount, expectAccessible, saveScreenshot } from './support.js';

test('on a phone the menu opens as a full-screen overlay and closes on following a link', async ({
  browser,
  request,
  baseURL,
}) => {
  const person = await createAccount(request, 'screens-menu', 'Mona');
  const context = await contextFor(browser, baseURL, person.token, { width: 393, height: 851 });
  const page = await context.newPage();
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Menu' }).click();
  const overlay = page.getByRole('dialog', { name: 'Menu' });
  await expect(overlay).toBeVisible();
  await expect(overlay.getByTestId('current-user')).toHaveText('Mona Tester');
  await expectAccessible(page);
  await saveScreenshot(page, 'screens-01-header-overlay');
  await overlay.getByRole('link', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(overlay).toBeHidden();
  await context.close();
});

test('deleting an account goes through the delete user overlay and the password', async ({
  browser,
  request,
  baseURL,
}) => {
  const person = await createAccount(request, 'screens-delete', 'Dora');
  const context = await contextFor(browser, baseURL, person.token);
  const page = await context.newPage();
  await page.goto('/profile');
  const overlay = page.getByRole('dialog', { name: 'Delete your account', exact: true });

  await test.step('the overlay says what deleting does, and "Keep my account" keeps it', async () => {
    await page.getByRole('button', { name: 'Delete account' }).click();
    await expect(overlay).toBeVisible();
    await expect(overlay).toContainText('If you belong to a business, you leave it.');
    await expectAccessible(page);
    await saveScreenshot(page, 'screens-02-delete-user-overlay');
    await overlay.getByRole('button', { name: 'Keep my account' }).click();
    await expect(overlay).toBeHidden();
    await expect(page).toHaveURL(/\/profile$/);
  });

  await test.step('the password dialog above it refuses a wrong password and deletes with the right one', async () => {
    await page.getByRole('button', { name: 'Delete account' }).click();
    await overlay.getByRole('button', { name: 'Continue to delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Password').fill('not the password at all');
    await dialog.getByRole('button', { name: 'Delete account for good' }).click();
    await expect(dialog).toContainText('The current password is wrong.');
    await dialog.getByLabel('Password').fill(accountPassword);
    await dialog.getByRole('button', { name: 'Delete account for good' }).click();
    // signed out, and the farewell page rather than the login page of an ended session
    await expect(page).toHaveURL(/\/bye$/);
    await expect(page.getByRole('heading', { name: 'Goodbye' })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    // it stays there: no late redirect to the login page
    await page.waitForTimeout(1500);
    await expect(page).toHaveURL(/\/bye$/);
    expect(await page.evaluate(() => localStorage.getItem('countersign.session'))).toBeNull();
  });

  const login = await request.post('/v1/login', { data: { email: person.email, password: accountPassword } });
  expect(login.ok()).toBe(false);
  await context.close();
});
