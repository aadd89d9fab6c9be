// A business invitation's link, opened by someone without an account: the page names the business
// and the person who invited them in the browser's language (the three a visitor may have), and leads to a sign-up
// with the invited address filled in; once the address is confirmed in the same tab, the person
// lands on the invitation and joins the business.
import { expect, test } from '@playwright/test';
import { accountPassword, createAccount, readMailLink, uniqueEmail } from './support.js';

// Italian is offered only on direct-sign pages (spec 1), so a visitor here reads one of three.
// English last: that visit accepts the invitation, after which its link names nothing
const headings: Record<string, (name: string) => string> = {
  'de-CH': (name) => `Sie sind eingeladen, ${name} beizutreten`,
  'fr-CH': (name) => `Vous êtes invité à rejoindre ${name}`,
  'en-GB': (name) => `You are invited to join ${name}`,
};

test('an invitee without an account is told who invites them, signs up and joins', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(180_000);
  const admin = await createAccount(request, 'inviting-admin', 'Alice');
  const name = `Acme ${Date.now().toString(36)}`;
  const created = await request.post('/v2/businesses', {
    headers: { authorization: `Bearer ${admin.token}` },
    data: { name, country: 'CH', accept_gtc: true, accept_dpa: true },
  });
  expect(created.status(), await created.text()).toBe(201);
  const businessId = ((await created.json()) as { id: string }).id;
  const invitee = uniqueEmail('invitee');
  const invited = await request.post(`/v1/businesses/${businessId}/members`, {
    headers: { authorization: `Bearer ${admin.token}` },
    data: { users: [{ email: invitee }] },
  });
  expect(invited.ok(), await invited.text()).toBe(true);
  const link = await readMailLink(request, invitee, /\/invite\//);
  expect(link).toContain(`?email=${encodeURIComponent(invitee)}`);

  for (const [locale, heading] of Object.entries(headings)) {
    const context = await browser.newContext({ baseURL, locale });
    await context.addInitScript(() => localStorage.setItem('hide-staging-alert', 'true'));
    const page = await context.newPage();
    await page.goto(link);
    // the page's chunk and texts load on demand: a busy machine takes its time
    await expect(page.getByRole('heading', { name: heading(name) })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('Alice Tester', { exact: false })).toBeVisible();
    await expect(page.getByText(invitee, { exact: false })).toBeVisible();
    if (locale !== 'en-GB') {
      await context.close();
      continue;
    }
    await page.getByRole('link', { name: 'Create an account' }).click();
    await expect(page).toHaveURL(/\/signup\?email=/);
    await expect(page.getByLabel('E-mail address')).toHaveValue(invitee);
    await page.getByLabel('First name').fill('Ivy');
    await page.getByLabel('Last name').fill('Invitee');
    await page.getByLabel('Password').fill(accountPassword);
    await page.getByLabel('I accept the terms and conditions').check();
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page).toHaveURL(/\/signup\/mail-sent$/);
    // the confirmation link, opened in the same tab, signs Ivy in and leads back to the invitation
    await page.goto(await readMailLink(request, invitee, /\/signup\/confirm\?token=/));
    await expect(page.getByRole('heading', { name: `Join ${name}` })).toBeVisible({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Accept invitation' }).click();
    await expect(page.getByText(`You have joined ${name}.`)).toBeVisible();
    await context.close();
  }
});
