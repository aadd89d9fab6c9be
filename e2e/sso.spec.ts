// Business single sign-on in the browser (ADR 075), through the sandbox OpenID provider the server
// starts (SANDBOX_OIDC=true): a business proves its domain and sets up the sandbox as its provider;
// an employee signs in through it from the login page, lands in the business and sends a request;
// someone whose provider gave no last name is kept on /signup/sso until they give it.
import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { contextFor, createAccount, saveScreenshot, sendRequest } from './support.js';

/** A business with a proved domain and the sandbox provider as its identity provider. */
async function businessWithSso(request: APIRequestContext): Promise<{ name: string; domain: string }> {
  const admin = await createAccount(request, 'sso-admin', 'Ada');
  const headers = { authorization: `Bearer ${admin.token}` };
  const name = `Sso ${Date.now().toString(36)}`;
  const created = await request.post('/v2/businesses', {
    headers,
    data: { name, country: 'CH', accept_gtc: true, accept_dpa: true },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };

  // the domain, proved by its TXT record in the sandbox DNS zone (ADR 042)
  const domain = `sso-${Date.now().toString(36)}.example`;
  const claim = () => request.post(`/v1/businesses/${id}/domains`, { headers, data: { domain } });
  const claimed = await claim();
  expect(claimed.ok(), await claimed.text()).toBe(true);
  const { proof } = (await claimed.json()) as { proof: { name: string; value: string } };
  expect((await request.post('/sandbox/dns', { form: proof, maxRedirects: 0 })).status()).toBe(303);
  expect(((await (await claim()).json()) as { verified: boolean }).verified).toBe(true);

  // the sandbox provider the settings page offers outside production
  const current = await request.get(`/v1/businesses/${id}/identity_provider`, { headers });
  const { sandbox } = (await current.json()) as {
    sandbox: { issuer: string; client_id: string; client_secret: string } | null;
  };
  expect(sandbox, 'the server runs the sandbox OpenID provider').not.toBeNull();
  const saved = await request.put(`/v1/businesses/${id}/identity_provider`, {
    headers,
    data: { issuer: sandbox?.issuer, client_id: sandbox?.client_id, client_secret: sandbox?.client_secret },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  return { name, domain };
}

/** From the login page through the sandbox provider's sign-in as `email` with the names given. */
async function signInThroughProvider(page: Page, email: string, firstName: string, lastName: string) {
  await page.goto('/login');
  await page.getByLabel('Work e-mail address').fill(email);
  await page.getByRole('button', { name: 'Continue with single sign-on' }).click();
  await expect(page.getByRole('heading', { name: 'Sandbox identity provider' })).toBeVisible();
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await page.getByLabel('First name').fill(firstName);
  await page.getByLabel('Last name').fill(lastName);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // the account the sign-in made has not accepted the terms yet
  await page
    .getByRole('dialog', { name: 'Terms and conditions' })
    .getByRole('button', { name: 'Accept and continue' })
    .click();
}

const sessionToken = (page: Page) =>
  page.evaluate(
    () => (JSON.parse(localStorage.getItem('countersign.session') ?? '{}') as { token?: string }).token,
  );

test('an employee signs in through the business provider and sends a request', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(120_000);
  const business = await businessWithSso(request);
  const page = await (await contextFor(browser, baseURL, null)).newPage();
  const email = `nora-${Date.now().toString(36)}@${business.domain}`;
  await signInThroughProvider(page, email, 'Nora', 'Nordquist');

  // the first sign-in made the account and took a seat in the business
  await expect(page).toHaveURL(/\/dashboard\?/);
  await expect(page.getByRole('heading', { name: 'Hello Nora Nordquist' })).toBeVisible();
  await expect(page.getByTestId('current-business')).toHaveText(` · ${business.name}`);
  await saveScreenshot(page, 'sso-signed-in');

  const token = await sessionToken(page);
  expect(token).toBeTruthy();
  const user = await request.get('/v1/user', { headers: { authorization: `Bearer ${token}` } });
  expect(await user.json()).toMatchObject({ email, has_sso: true, role: 'member' });

  const sent = await sendRequest(
    request,
    { email, token: token ?? '' },
    {
      title: 'Supplier contract',
      file: '002-trivial-libre-office-writer.pdf',
      signers: [{ email: `partner-${Date.now().toString(36)}@example.com`, name: 'Pat Partner' }],
    },
  );
  // sent as a member of the business: the request carries its name
  await page.goto(`/view/${sent.id}`);
  await expect(
    page.getByTestId('business-branding').getByText(`On behalf of ${business.name}`),
  ).toBeVisible();
});

test('someone whose provider gave no last name is sent to /signup/sso until they give it', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(120_000);
  const business = await businessWithSso(request);
  const page = await (await contextFor(browser, baseURL, null)).newPage();
  await signInThroughProvider(page, `ines-${Date.now().toString(36)}@${business.domain}`, 'Ines', '');

  await expect(page).toHaveURL(/\/signup\/sso$/);
  await expect(page.getByRole('heading', { name: 'Finish setting up your account' })).toBeVisible();
  // every other page leads back here while the name is missing
  await page.goto('/profile/settings');
  await expect(page).toHaveURL(/\/signup\/sso$/);
  await saveScreenshot(page, 'sso-incomplete');
  await page.getByLabel('Last name').fill('Ivarsson');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/dashboard\?/);
  await expect(page.getByRole('heading', { name: 'Hello Ines Ivarsson' })).toBeVisible();
});
