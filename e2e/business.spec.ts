// The business journey: a person registers a business in the browser and lands in its console,
// invites two people by e-mail; one accepts at the link of the invitation mail and sends a request
// that carries the business's logo and name, the other accepts in the dialog that greets them; the admin makes the first an admin and removes the second, who is told
// the business account has ended. axe finds nothing serious on the console's screens, the
// invitation page and the dialogs.
import { expect, test } from '@playwright/test';
import type { Browser, Page } from '@playwright/test';
import {
  contextFor,
  createAccount,
  expectAccessible,
  readMailLink,
  saveScreenshot,
  sendRequest,
} from './support.js';
import type { Account } from './support.js';

// A 1x1 PNG, enough for the server to check and re-encode as the company logo.
const tinyPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function pageFor(browser: Browser, baseURL: string | undefined, account: Account): Promise<Page> {
  return (await contextFor(browser, baseURL, account.token)).newPage();
}

const snackbar = (page: Page, text: string | RegExp) =>
  page.getByTestId('snackbar').filter({ hasText: text });

test('a business is registered, people join it, change role and leave it', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(180_000);
  const [ada, bob, cleo] = await Promise.all([
    createAccount(request, 'biz-admin', 'Ada'),
    createAccount(request, 'biz-bob', 'Bob'),
    createAccount(request, 'biz-cleo', 'Cleo'),
  ]);
  const businessName = `Acme ${Date.now().toString(36)}`;
  const admin = await pageFor(browser, baseURL, ada);

  await test.step('register the business and land in its console', async () => {
    await admin.goto('/business/members');
    // an individual user is sent to the registration (spec 2)
    await expect(admin).toHaveURL(/\/business\/register$/);
    await expect(admin.getByRole('heading', { name: 'Register your business' })).toBeVisible();
    await expect(admin.getByLabel('Country').locator('option').first()).toHaveText(/Switzerland/);
    await expectAccessible(admin);
    await admin.getByLabel('Business name').fill(businessName);
    await admin.getByLabel('Support e-mail (optional)').fill('help@acme.example');
    await admin.getByLabel('I accept the terms and conditions for businesses').check();
    await admin.getByLabel('I accept the data processing agreement').check();
    await admin.getByRole('button', { name: 'Register business' }).click();
    await expect(admin.getByRole('heading', { name: `Welcome to ${businessName}` })).toBeVisible();
    await expect(admin).toHaveURL(/\/business\/welcome$/);
    await expectAccessible(admin);
    await saveScreenshot(admin, 'business-welcome');
  });

  await test.step('the console: dashboard, profile, settings with a logo, domains', async () => {
    const nav = admin.getByRole('navigation', { name: 'Business navigation' });
    await nav.getByRole('link', { name: 'Dashboard' }).click();
    await expect(admin.getByRole('heading', { name: 'Business dashboard' })).toBeVisible();
    await expect(admin.getByTestId('count-admins')).toHaveText('1');
    await expectAccessible(admin);

    await nav.getByRole('link', { name: 'Business profile' }).click();
    await expect(admin.getByLabel('Support e-mail')).toHaveValue('help@acme.example');
    await expectAccessible(admin);

    await nav.getByRole('link', { name: 'Settings' }).click();
    await expect(admin.getByRole('heading', { name: 'Business settings' })).toBeVisible();
    await admin
      .getByLabel('Upload a logo')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: tinyPng });
    await expect(snackbar(admin, 'The logo has been saved.')).toBeVisible();
    await expect(admin.getByRole('img', { name: `Logo of ${businessName}` })).toBeVisible();
    await admin.getByRole('button', { name: 'Turn on automatic deletion' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Turn on automatic deletion?' });
    await expectAccessible(admin);
    await dialog.getByRole('button', { name: 'Turn on' }).click();
    await expect(admin.getByTestId('retention-status')).toHaveText(
      'Automatic deletion is on for requests that are completed.',
    );
    await expectAccessible(admin);

    await admin.goto('/business/members/domains');
    await expect(admin.getByRole('heading', { name: 'Domains', level: 1 })).toBeVisible();
    await expectAccessible(admin);
  });

  await test.step('invite two people by e-mail', async () => {
    await admin
      .getByRole('navigation', { name: 'Business navigation' })
      .getByRole('link', { name: 'Members' })
      .click();
    await expect(admin.getByRole('heading', { name: 'Members', level: 1 })).toBeVisible();
    await admin.getByRole('button', { name: 'Add members' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Add members' });
    await dialog.getByLabel('E-mail addresses').fill(`${bob.email}\n${cleo.email}`);
    await expectAccessible(admin);
    await dialog.getByRole('button', { name: 'Send invitations' }).click();
    await expect(snackbar(admin, 'Invitations sent: 2')).toBeVisible();
    await expect(admin.getByTestId('invitations-row')).toHaveCount(2);
    await expectAccessible(admin);
  });

  const bobPage = await pageFor(browser, baseURL, bob);
  await test.step('the first accepts at the link of the invitation mail', async () => {
    const link = await readMailLink(request, bob.email, /\/invite\//);
    await bobPage.goto(link);
    await expect(bobPage.getByRole('heading', { name: `Join ${businessName}` })).toBeVisible();
    await expectAccessible(bobPage);
    await bobPage.getByRole('button', { name: 'Accept invitation' }).click();
    await expect(snackbar(bobPage, `You have joined ${businessName}.`)).toBeVisible();
    await expect(bobPage).toHaveURL(/\/dashboard/);
    await expect(bobPage.getByTestId('current-business')).toHaveText(` · ${businessName}`);
    // a member's request carries the business's branding, for its signers too
    const sent = await sendRequest(request, bob, {
      title: 'Supply contract',
      file: '002-trivial-libre-office-writer.pdf',
      signers: [{ email: ada.email }],
    });
    await admin.goto(`/view/${sent.id}`);
    const branding = admin.getByTestId('business-branding');
    await expect(branding.getByText(`On behalf of ${businessName}`)).toBeVisible();
    await expect(branding.getByRole('img', { name: `Logo of ${businessName}` })).toBeVisible();
    await expect(branding.getByRole('link', { name: 'help@acme.example' })).toBeVisible();
    await expectAccessible(admin);
    // a member has no console (spec 2: business.not_allowed)
    await bobPage.goto('/business/members');
    await expect(snackbar(bobPage, 'Only the admins of your business can open its pages.')).toBeVisible();
    await expect(bobPage).toHaveURL(/\/dashboard/);
  });

  const cleoPage = await pageFor(browser, baseURL, cleo);
  await test.step('the second accepts in the dialog that greets them', async () => {
    await cleoPage.goto('/dashboard');
    const dialog = cleoPage.getByRole('dialog', { name: `Invitation to ${businessName}` });
    await expect(dialog).toBeVisible();
    await expectAccessible(cleoPage);
    await dialog.getByRole('button', { name: 'Accept invitation' }).click();
    await expect(snackbar(cleoPage, `You have joined ${businessName}.`)).toBeVisible();
    await expect(dialog).toBeHidden();
  });

  await test.step('the admin makes the first an admin and removes the second', async () => {
    await admin.goto('/business/members');
    await expect(admin.getByTestId('members-row')).toHaveCount(2);
    await expect(admin.getByText('No open invitations.')).toBeVisible();
    await admin.getByRole('button', { name: 'Make admin: Bob Tester' }).click();
    await expect(snackbar(admin, 'The role has been changed.')).toBeVisible();
    await expect(admin.getByTestId('admins-row')).toHaveCount(2);
    await admin.getByRole('button', { name: 'Remove: Cleo Tester' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Remove from the business?' });
    await expect(dialog.getByTestId('removal-candidates')).toHaveText('Cleo Tester');
    await expectAccessible(admin);
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await expect(snackbar(admin, 'Removed from the business: 1')).toBeVisible();
    await expect(admin.getByTestId('members-row')).toHaveCount(0);
    await expectAccessible(admin);
    await saveScreenshot(admin, 'business-members');
  });

  await test.step('the new admin opens the console; the removed member is told', async () => {
    await bobPage.goto('/business/dashboard');
    await expect(bobPage.getByRole('heading', { name: 'Business dashboard' })).toBeVisible();
    await expect(bobPage.getByTestId('count-admins')).toHaveText('2');

    await cleoPage.goto('/dashboard');
    const dialog = cleoPage.getByRole('dialog', { name: 'Your business account has ended' });
    await expect(dialog).toContainText('You have been removed from your business.');
    await expectAccessible(cleoPage);
    await dialog.getByRole('button', { name: 'Understood' }).click();
    await expect(dialog).toBeHidden();
    await cleoPage.reload();
    await expect(cleoPage.getByRole('heading', { name: /^Hello/ })).toBeVisible();
    await expect(cleoPage.getByRole('dialog')).toHaveCount(0);
  });
});
