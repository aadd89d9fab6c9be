// The business console's journeys. An admin creates a signer group in the create-signer-group
// overlay (the addresses checked before anything is sent), changes it in the same overlay and
// deletes it after the dialog asks. And the whole of it: an admin creates a signer group, asks
// for the business's verification on its profile (the operator gives it through the operator
// API), creates a seal in the browser (its visual, who may apply it), sends a request to the
// group from the request editor (the add-signer-group dialog), one member signs for the group
// with the seal, the activity page lists the signature and its CSV downloads with that row.
// axe finds nothing serious on the console's screens, overlay and dialogs.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import { realWorldPdfDir } from '../packages/pdf/src/test-corpus.js';
import {
  contextFor,
  createAccount,
  expectAccessible,
  readMailLink,
  saveScreenshot,
  uniqueEmail,
  verifyAsOperator,
} from './support.js';
import type { Account } from './support.js';

/** A business of `admin`, registered through the API. */
async function businessOf(request: APIRequestContext, admin: Account): Promise<{ id: string; name: string }> {
  const name = `Acme ${Date.now().toString(36)}`;
  const created = await request.post('/v2/businesses', {
    headers: { authorization: `Bearer ${admin.token}` },
    data: { name, country: 'CH', accept_gtc: true, accept_dpa: true },
  });
  expect(created.status(), await created.text()).toBe(201);
  return { id: ((await created.json()) as { id: string }).id, name };
}

/** `member` joins the business (invited by `admin`, accepted, through the API). */
async function join(request: APIRequestContext, businessId: string, admin: Account, member: Account) {
  const invited = await request.post(`/v1/businesses/${businessId}/members`, {
    headers: { authorization: `Bearer ${admin.token}` },
    data: { users: [{ email: member.email }] },
  });
  expect(invited.ok(), await invited.text()).toBe(true);
  const accepted = await request.post('/v1/user/accept', {
    headers: { authorization: `Bearer ${member.token}` },
    data: { business_invite: true },
  });
  expect(accepted.ok(), await accepted.text()).toBe(true);
}

const onePage = path.join(realWorldPdfDir(), '002-trivial-libre-office-writer.pdf');

/** A 1x1 PNG, enough for the server to check and re-encode as a seal's visual. */
const tinyPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

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

test('an admin sets up a signer group and a seal, a member seals for the group, and the activity and its CSV show it', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(240_000);
  const [ada, bob] = await Promise.all([
    createAccount(request, 'journey-admin', 'Ada'),
    createAccount(request, 'journey-bob', 'Bob'),
  ]);
  const business = await businessOf(request, ada);
  await join(request, business.id, ada, bob);
  const cleo = uniqueEmail('journey-cleo');
  const admin = await (await contextFor(browser, baseURL, ada.token)).newPage();
  const snackbar = (text: string) => admin.getByTestId('snackbar').filter({ hasText: text });
  const nav = () => admin.getByRole('navigation', { name: 'Business navigation' });
  const groupName = `Finance ${Date.now().toString(36)}`;

  await test.step('create a signer group of Bob and Cleo', async () => {
    await admin.goto('/business/members/signer-groups');
    await admin.getByRole('button', { name: 'Create signer group' }).click();
    const overlay = admin.getByRole('dialog', { name: 'Create a signer group' });
    await overlay.getByLabel('Name').fill(groupName);
    await overlay.getByLabel('Members').fill(`${bob.email}\n${cleo}`);
    await overlay.getByRole('button', { name: 'Create group' }).click();
    await expect(snackbar(`The signer group ${groupName} has been created.`)).toBeVisible();
    await expect(admin.getByTestId('group-row')).toContainText(bob.email);
  });

  await test.step('ask for the verification of the business, which the operator gives', async () => {
    await admin.goto('/business/profile');
    const section = admin.getByRole('region', { name: 'Verification of the business' });
    await expect(section.getByTestId('verification-status')).toHaveText('Not verified.');
    await section.getByLabel('Commercial register entry').fill('CHE-123.456.789');
    await section.getByRole('button', { name: 'Ask for verification' }).click();
    await expect(section.getByTestId('verification-status')).toContainText('Waiting for the operator');
    await expectAccessible(admin);
    await verifyAsOperator(request, business.id);
    await admin.reload();
    await expect(section.getByTestId('verification-status')).toContainText('Verified on');
  });

  await test.step('create a seal, give it a visual and let Bob apply it', async () => {
    await nav().getByRole('link', { name: 'Seals' }).click();
    await expect(admin.getByRole('heading', { name: 'Seals', level: 1 })).toBeVisible();
    await admin.getByLabel('Label').fill('Acme Invoicing');
    await admin.getByLabel('Account name').fill('invoicing');
    await admin.getByRole('button', { name: 'Create seal' }).click();
    await expect(admin).toHaveURL(/\/business\/seals\/invoicing$/);
    await expect(admin.getByRole('heading', { name: 'Acme Invoicing', level: 1 })).toBeVisible();
    await expect(admin.getByText(`O=${business.name}`).first()).toBeVisible();
    await admin
      .getByLabel('Upload a visual')
      .setInputFiles({ name: 'seal.png', mimeType: 'image/png', buffer: tinyPng });
    await expect(admin.getByRole('img', { name: 'Visual of the seal Acme Invoicing' })).toBeVisible();
    await admin.getByLabel('Person').selectOption({ label: `Bob Tester (${bob.email})` });
    await admin.getByRole('button', { name: 'Allow to apply' }).click();
    await expect(admin.getByTestId('seal-member-row')).toContainText('Bob Tester');
    await expectAccessible(admin);
    await saveScreenshot(admin, 'business-console-seal');
  });

  let requestId = '';
  await test.step('send a request to the group from the editor', async () => {
    await admin.goto('/upload');
    await admin.getByLabel('Choose PDF files').setInputFiles([onePage]);
    await expect(admin.getByText(path.basename(onePage))).toBeVisible();
    await admin.getByLabel('Title').fill('Budget 2027');
    await admin.getByRole('button', { name: 'Next: Recipients' }).click();
    await admin.getByRole('button', { name: 'Add signer group' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Add a signer group' });
    await dialog.getByRole('radio', { name: new RegExp(groupName) }).check();
    await expectAccessible(admin);
    await dialog.getByRole('button', { name: 'Add group' }).click();
    await expect(admin.getByRole('list', { name: 'Signers' })).toContainText(`${groupName} signer group`);
    requestId = new URL(admin.url()).searchParams.get('draft') ?? '';
    await admin.getByRole('button', { name: 'Next: Fields' }).click();
    await admin.getByRole('radio', { name: groupName }).check();
    await admin
      .getByRole('group', { name: 'Field types' })
      .getByRole('button', { name: 'Signature', exact: true })
      .click();
    await expect(admin.getByText('All changes saved')).toBeVisible();
    await admin.getByRole('button', { name: 'Next: Review and send' }).click();
    await admin.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(admin.getByText('Your request is on its way to the signers.')).toBeVisible();
    expect(requestId).not.toBe('');
  });

  await test.step('Bob signs for the group, applying the seal', async () => {
    const link = await readMailLink(request, bob.email, new RegExp(`/view/${requestId}`));
    const page = await (await contextFor(browser, baseURL, bob.token)).newPage();
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Budget 2027' })).toBeVisible();
    await page.getByTestId('my-field').click();
    await page
      .getByRole('region', { name: 'Sign or decline' })
      .getByRole('button', { name: 'Sign', exact: true })
      .click();
    const review = page.getByRole('dialog', { name: 'Review and sign' });
    await review.getByLabel('Apply a seal of my business instead of signing personally').check();
    await review.getByLabel('Seal to apply').selectOption('invoicing');
    await review.getByRole('checkbox', { name: /I agree/ }).check();
    await review.getByRole('button', { name: 'Sign now' }).click();
    await expect(page.getByRole('dialog', { name: /signed/i })).toBeVisible();
  });

  await test.step('the activity lists the signature, and its CSV downloads with that row', async () => {
    await admin.goto('/business/members/activity');
    await expect(admin).toHaveURL(/\/business\/activity$/);
    const row = admin.getByTestId('activity-row').filter({ hasText: bob.email });
    await expect(row).toContainText(groupName);
    const today = new Date().toISOString().slice(0, 10);
    await admin.getByLabel('From').fill(today);
    await admin.getByLabel('To').fill(today);
    await expect(row).toBeVisible();
    await expectAccessible(admin);
    const [download] = await Promise.all([
      admin.waitForEvent('download'),
      admin.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`signatures-${today}.csv`);
    const csv = fs.readFileSync(await download.path(), 'utf8');
    const [header, ...rows] = csv.replace(/^\uFEFF/, '').split('\r\n');
    expect(header).toBe('at,request_id,signer_email,signer_name,quality,legislation,sender_email,group_name');
    // the day's one signature: Bob's for the group, made with the seal, on Ada's request
    expect(rows.at(-1)).toBe('');
    expect(rows.slice(0, -1).map((row) => row.split(','))).toEqual([
      [
        expect.stringMatching(`^${today}T`),
        requestId,
        bob.email,
        'Acme Invoicing',
        'aes', // the seal's level, not the level the request asked of people
        'eidas',
        ada.email,
        groupName,
      ],
    ]);
    await saveScreenshot(admin, 'business-console-activity');
  });
});
