// The national eID journeys (ADR 083) through the sandbox OpenID provider the server starts
// (SANDBOX_OIDC=true): a person signs up with eID+, supplying the eID's data through its dialog,
// lands signed in and cannot edit the name and birth date the eID gave; a signed-in person
// connects ID Austria and sees the success page, identified for advanced signatures.
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { contextFor, createAccount, uniqueEmail } from './support.js';

/** Accepts the terms when the persistent dialog asks (a new account has not accepted them yet). */
async function acceptTermsIfAsked(page: Page): Promise<void> {
  const accept = page.getByRole('button', { name: 'Accept and continue' });
  if (await accept.isVisible().catch(() => false)) await accept.click();
}

test('a person signs up with eID+ and cannot edit the fields the eID gave', async ({ browser, baseURL }) => {
  const context = await contextFor(browser, baseURL, null);
  const page = await context.newPage();
  await page.goto('/signup/flows/eidplus/new');
  await expect(page.getByRole('heading', { name: 'Sign up with eID+' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign up with eID+' }).click();

  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Supply your eID data')).toBeVisible();
  await expect(dialog).toContainText('date of birth');
  await dialog.getByRole('button', { name: 'Continue to eID+' }).click();

  // the sandbox provider's sign-in page, as a real eID's would be
  await expect(page.getByRole('heading', { name: 'Sandbox identity provider' })).toBeVisible();
  const email = uniqueEmail('eidplus');
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await page.getByLabel('First name').fill('Emma');
  await page.getByLabel('Last name').fill('Eidner');
  await page.getByLabel('Birth date').fill('1991-03-14');
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(page).toHaveURL(/\/profile\/settings$/);
  await acceptTermsIfAsked(page);
  const firstName = page.getByLabel('First name');
  await expect(firstName).toHaveValue('Emma');
  await expect(firstName).toHaveAttribute('readonly', '');
  await expect(page.getByLabel('Last name')).toHaveAttribute('readonly', '');
  await expect(page.getByLabel('Date of birth')).toHaveValue('1991-03-14');
  await expect(page.getByText('Taken from your eID; it cannot be changed.').first()).toBeVisible();
  // typing changes nothing, and the server refuses a change sent anyway
  await firstName.pressSequentially('x');
  await expect(firstName).toHaveValue('Emma');
  const token = await page.evaluate(
    () => (JSON.parse(localStorage.getItem('countersign.session') ?? '{}') as { token?: string }).token,
  );
  const refused = await page.request.put('/v1/user', {
    headers: { authorization: `Bearer ${token}` },
    data: { first_name: 'Mallory' },
  });
  expect(refused.status()).toBe(422);
  expect(((await refused.json()) as { code: string }).code).toBe('user.eid_field_immutable');
  await context.close();
});

test('a person connects ID Austria and sees the success page', async ({ browser, baseURL, request }) => {
  const account = await createAccount(request, 'idaustria', 'Toni');
  const context = await contextFor(browser, baseURL, account.token);
  const page = await context.newPage();
  await page.goto('/profile/signature-standards');
  await page.getByRole('button', { name: 'Connect ID Austria' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Connect your national eID (Austria)')).toBeVisible();
  await dialog.getByRole('button', { name: 'Continue to ID Austria' }).click();

  await expect(page.getByRole('heading', { name: 'Sandbox identity provider' })).toBeVisible();
  await page.getByRole('button', { name: /Tobias Österreicher/ }).click();

  await expect(page).toHaveURL(/\/profile\/signature-standards\/id-austria-success/);
  await expect(page.getByRole('heading', { name: 'ID Austria connected' })).toBeVisible();
  await expect(page.getByText('You are identified for advanced signatures under eIDAS.')).toBeVisible();
  await page.getByRole('link', { name: 'To your signature standards' }).click();
  await expect(page.getByText('Your ID Austria is connected')).toBeVisible();
  await context.close();
});
