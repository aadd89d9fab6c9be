// The business journey: a person registers a business in the browser and lands in its console,
// invites two people by e-mail; one accepts at the link of the invitation mail and sends a request
// that carries the business's logo and name, the other accepts in the dialog that greets them; the admin makes the first an admin and removes the second, who is told
// the business account has ended. The member's first request sent in the browser asks, once, how
// it went; the admin reads the answer, without a name, on the dashboard. The admin proves a domain
// by publishing its TXT record in the sandbox DNS zone (never a real DNS lookup); another business
// is refused it, and someone signing up with an address on it is offered to join. axe finds
// nothing serious on the console's screens, the invitation page and the dialogs.
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

  await test.step("the member's first send from the browser asks once how it went", async () => {
    const draft = await sendRequest(request, bob, {
      title: 'Framework agreement',
      file: '002-trivial-libre-office-writer.pdf',
      signers: [{ email: ada.email }],
      isDraft: true,
    });
    await bobPage.goto(`/upload?draft=${draft.id}&step=review`);
    await bobPage.getByRole('button', { name: 'Send', exact: true }).click();
    await bobPage
      .getByRole('dialog', { name: 'Send with an invisible signature?' })
      .getByRole('button', { name: 'Send anyway' })
      .click();
    const survey = bobPage.getByRole('dialog', { name: 'How did sending go?' });
    await expect(survey).toContainText(`shared with the admins of ${businessName}, without your name`);
    await expectAccessible(bobPage);
    await survey.getByRole('radio', { name: 'Satisfied', exact: true }).check();
    await survey.getByLabel('What could be better? (optional)').fill('Finding the deadline took a moment.');
    await survey.getByRole('button', { name: 'Send answer' }).click();
    await expect(snackbar(bobPage, 'Thank you for your answer.')).toBeVisible();
    await expect(survey).toBeHidden();
    // answered once, never asked again
    const headers = { authorization: `Bearer ${bob.token}` };
    const { business } = (await (await request.get('/v2/businesses/user', { headers })).json()) as {
      business: { id: string };
    };
    const status = await request.get(`/v2/businesses/${business.id}/satisfaction-survey`, { headers });
    expect(await status.json()).toEqual({ occasion: 'first_send', status: 'answered' });
    // the admins read it without a name
    await admin.goto('/business/dashboard');
    const summary = admin.getByRole('region', { name: 'Satisfaction after the first send' });
    await expect(summary.getByTestId('survey-figure').first()).toHaveText('Answers1');
    await expect(summary.getByText('Finding the deadline took a moment.')).toBeVisible();
    await expect(summary).not.toContainText('Bob');
    await expectAccessible(admin);
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

  await test.step('a domain proved by its DNS TXT record; people signing up on it are offered to join', async () => {
    const domain = `acme-${Date.now().toString(36)}.example`;
    await admin.goto('/business/members/domains');
    const domainField = admin.getByLabel('Domain', { exact: true });
    await domainField.fill('not a domain');
    await admin.getByRole('button', { name: 'Claim domain' }).click();
    await expect(admin.getByText('Enter a domain name such as example.com')).toBeVisible();
    await domainField.fill(domain.toUpperCase());
    await admin.getByRole('button', { name: 'Claim domain' }).click();
    await expect(
      snackbar(admin, `${domain} is claimed. Publish the record below to prove it is yours.`),
    ).toBeVisible();
    const item = admin.getByTestId('domain-item').filter({ hasText: domain });
    await expect(item.getByTestId('domain-status')).toHaveText('Waiting for proof');
    const [name, value] = await item.locator('dd').allTextContents();
    expect(name).toBe(`_countersign.${domain}`);
    expect(value).toMatch(/^countersign-domain-verification=\S+$/);
    await expectAccessible(admin);
    const check = item.getByRole('button', { name: `Check again: ${domain}` });
    await check.click();
    await expect(snackbar(admin, `${domain} is not verified yet: the record was not found.`)).toBeVisible();

    // published where the installation's resolver looks: the sandbox DNS zone, never real DNS
    const dns = await admin.context().newPage();
    await dns.goto('/sandbox/dns');
    await dns.getByLabel('Name', { exact: true }).fill(name ?? '');
    await dns.getByLabel('TXT value').fill(value ?? '');
    await dns.getByRole('button', { name: 'Publish record' }).click();
    await expect(dns.getByRole('row').filter({ hasText: value ?? '' })).toBeVisible();
    await dns.close();
    await check.click();
    await expect(snackbar(admin, `${domain} is verified.`)).toBeVisible();
    await expect(item.getByTestId('domain-status')).toHaveText('Verified');
    await expect(item.getByText(value ?? '')).toBeHidden();
    await expectAccessible(admin);
    await saveScreenshot(admin, 'business-domains');

    // another business may claim it too (ADR 042: a claim blocks nobody), but it stays waiting
    // for its own proof, and the business that proved it keeps it
    const rival = await createAccount(request, 'biz-rival', 'Rita');
    const registered = await request.post('/v2/businesses', {
      headers: { authorization: `Bearer ${rival.token}` },
      data: { name: 'Rival', accept_gtc: true, accept_dpa: true },
    });
    expect(registered.status(), await registered.text()).toBe(201);
    const rivalPage = await pageFor(browser, baseURL, rival);
    await rivalPage.goto('/business/members/domains');
    await rivalPage.getByLabel('Domain', { exact: true }).fill(domain);
    await rivalPage.getByRole('button', { name: 'Claim domain' }).click();
    await expect(rivalPage.getByText('Waiting for proof')).toBeVisible();
    await expect(rivalPage.getByText('Verified', { exact: true })).toHaveCount(0);

    // someone signing up with an address on the domain is offered to join
    const email = `eve-${Date.now().toString(36)}@${domain}`;
    const eve = await (await contextFor(browser, baseURL, null)).newPage();
    await eve.goto('/signup');
    await eve.getByLabel('First name').fill('Eve');
    await eve.getByLabel('Last name').fill('Tester');
    await eve.getByLabel('E-mail address', { exact: true }).fill(email);
    await eve.getByLabel('Password').fill('amber lantern over hills 9');
    await eve.getByLabel('I accept the terms and conditions').check();
    await eve.getByRole('button', { name: 'Sign up' }).click();
    await expect(eve).toHaveURL(/\/signup\/mail-sent$/);
    await eve.goto(await readMailLink(request, email, /\/signup\/confirm\?token=/));
    const offer = eve.getByRole('dialog', { name: `Join ${businessName}?` });
    await expect(offer).toBeVisible();
    await expectAccessible(eve);
    await offer.getByRole('button', { name: `Join ${businessName}` }).click();
    await expect(snackbar(eve, `You have joined ${businessName}.`)).toBeVisible();
    await expect(eve.getByTestId('current-business')).toHaveText(` · ${businessName}`);
  });
});
