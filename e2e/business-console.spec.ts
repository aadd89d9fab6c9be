// The business console's journey: an admin creates a signer group in the create-signer-group
// overlay (the addresses checked before anything is sent), changes it in the same overlay and
// deletes it after the dialog asks; axe finds nothing serious on the page, the overlay or the
// dialog.
import { expect, test } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import { contextFor, createAccount, expectAccessible, saveScreenshot, uniqueEmail } from './support.js';
import type { Account } from './support.js';

/** A business of `admin`, registered through the API. */
async function businessOf(request: APIRequestContext, admin: Account): Promise<void> {
  const created = await request.post('/v2/businesses', {
    headers: { authorization: `Bearer ${admin.token}` },
    data: { name: `Acme ${Date.now().toString(36)}`, country: 'CH', accept_gtc: true, accept_dpa: true },
  });
  expect(created.status(), await created.text()).toBe(201);
}

test('an admin creates, changes and deletes a signer group', async ({ browser, baseURL, request }) => {
  test.setTimeout(120_000);
  const ada = await createAccount(request, 'console-admin', 'Ada');
  await businessOf(request, ada);
  const [bob, cleo] = [uniqueEmail('console-bob'), uniqueEmail('console-cleo')];
  const admin = await (await contextFor(browser, baseURL, ada.token)).newPage();
  const snackbar = (text: string) => admin.getByTestId('snackbar').filter({ hasText: text });
  const groupName = `Finance ${Date.now().toString(36)}`;

  await test.step('create a group in the overlay', async () => {
    await admin.goto('/business/members');
    await admin.getByRole('link', { name: 'Signer groups' }).click();
    await expect(admin.getByRole('heading', { name: 'Signer groups', level: 1 })).toBeVisible();
    await expect(admin.getByText('No signer group yet.')).toBeVisible();
    await expectAccessible(admin);
    await admin.getByRole('button', { name: 'Create signer group' }).click();
    const overlay = admin.getByRole('dialog', { name: 'Create a signer group' });
    await overlay.getByLabel('Name').fill(groupName);
    await overlay.getByLabel('Members').fill(`${bob}, not-an-address`);
    await overlay.getByRole('button', { name: 'Create group' }).click();
    await expect(overlay.getByText('Not a valid e-mail address: not-an-address')).toBeVisible();
    await overlay.getByLabel('Members').fill(`${bob}\n${cleo}`);
    await expectAccessible(admin);
    await overlay.getByRole('button', { name: 'Create group' }).click();
    await expect(snackbar(`The signer group ${groupName} has been created.`)).toBeVisible();
    await expect(admin.getByTestId('group-row')).toContainText(`2 members: ${bob}, ${cleo}`);
    await expectAccessible(admin);
    await saveScreenshot(admin, 'business-console-signer-groups');
  });

  await test.step('change it in the same overlay', async () => {
    await admin.getByRole('button', { name: `Change: ${groupName}` }).click();
    const overlay = admin.getByRole('dialog', { name: `Change ${groupName}` });
    await expect(overlay.getByLabel('Members')).toHaveValue(`${bob}\n${cleo}`);
    await overlay.getByLabel('Members').fill(bob);
    await overlay.getByRole('button', { name: 'Save group' }).click();
    await expect(snackbar(`The signer group ${groupName} has been saved.`)).toBeVisible();
    await expect(admin.getByTestId('group-row')).toContainText(`1 member: ${bob}`);
  });

  await test.step('delete it after the dialog asks', async () => {
    await admin.getByRole('button', { name: `Delete: ${groupName}` }).click();
    const dialog = admin.getByRole('dialog', { name: `Delete the signer group ${groupName}?` });
    await expectAccessible(admin);
    await dialog.getByRole('button', { name: 'Delete group' }).click();
    await expect(snackbar(`The signer group ${groupName} has been deleted.`)).toBeVisible();
    await expect(admin.getByText('No signer group yet.')).toBeVisible();
  });
});
