// Templates and bulk send (ADR 080): a sender saves a prepared draft with two roles as a template,
// makes a request from it in the web app by giving each role an address, and finds it sent to
// both; then checks a CSV for a bulk send and sees the bad row named before anything is sent.
import { expect, test } from '@playwright/test';
import { contextFor, createAccount, expectAccessible, sendRequest, uniqueEmail } from './support.js';

test('a template with two roles is sent, and a CSV for a bulk send is checked', async ({
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const sender = await createAccount(request, 'template-sender', 'Tess');
  const headers = { authorization: `Bearer ${sender.token}` };
  const draft = await sendRequest(request, sender, {
    title: 'Lease',
    file: '002-trivial-libre-office-writer.pdf',
    signers: [
      { email: uniqueEmail('landlord-placeholder'), name: 'Landlord' },
      { email: uniqueEmail('tenant-placeholder'), name: 'Tenant' },
    ],
    isDraft: true,
  });
  const saved = await request.post('/v3/templates', {
    headers,
    data: { name: 'Lease template', from_request_id: draft.id },
  });
  expect(saved.status(), await saved.text()).toBe(201);

  const context = await contextFor(browser, baseURL, sender.token);
  const page = await context.newPage();
  const landlord = uniqueEmail('landlord');
  const tenant = uniqueEmail('tenant');

  await test.step('the template is used with an address for each role, and sent', async () => {
    await page.goto('/templates');
    const row = page.getByTestId('template-row').filter({ hasText: 'Lease template' });
    await expect(row).toContainText('Roles: Landlord, Tenant');
    await expectAccessible(page);
    await row.getByRole('button', { name: 'Use' }).click();
    await page.getByLabel('E-mail of Landlord').fill(landlord);
    await page.getByLabel('E-mail of Tenant').fill(tenant);
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard/);
    const list = await request.get('/v3/signature-requests-redesign?size=25', { headers });
    const items = (await list.json()).items as { id: string; title: string; status: string }[];
    const sent = items.find((i) => i.title === 'Lease' && i.id !== draft.id);
    expect(sent?.status).toBe('open');
    const full = await (await request.get(`/v3/signature-requests/${sent!.id}`, { headers })).json();
    expect(full.signatures.map((s: { email: string }) => s.email)).toEqual([landlord, tenant]);
  });

  await test.step('a CSV is checked: the bad row is named and nothing is sent yet', async () => {
    await page.goto('/templates');
    await page
      .getByTestId('template-row')
      .filter({ hasText: 'Lease template' })
      .getByRole('button', { name: 'Bulk send' })
      .click();
    const csv = [
      'Landlord email,Landlord name,Tenant email,Tenant name',
      `${uniqueEmail('l1')},Lord,${uniqueEmail('t1')},Tim`,
      `${uniqueEmail('l2')},Lord,not-an-address,Tom`,
      `${uniqueEmail('l3')},Lord,${uniqueEmail('t3')},Tia`,
    ].join('\n');
    await page.getByLabel('CSV file').setInputFiles({
      name: 'tenants.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    await expect(page.getByRole('status').filter({ hasText: 'rows:' })).toHaveText(
      '3 rows: 1 with errors, 2 to send, 0 sent, 0 failed.',
    );
    await expect(page.getByTestId('bulk-error-row')).toHaveText(/2\s*Tenant email: not an e-mail address/);
    await expect(page.getByRole('button', { name: 'Send 2 requests' })).toBeEnabled();
    await expectAccessible(page);
  });
  await context.close();
});
