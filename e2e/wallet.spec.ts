// A link holder asked for an advanced signature (ADR 085): from the mailed link they are led to
// identification, choose their digital identity wallet, share their name and issuing country from
// the sandbox wallet's test PID, come back through their identification screen to the request
// and sign. pdfsig then finds the signature valid, trusted and naming the person the wallet's
// issuer vouched for.
import { expect, test } from '@playwright/test';
import { judgeSignedPdf } from './signed-pdfs.js';
import {
  agreeAndSign,
  contextFor,
  createAccount,
  expectAccessible,
  readMailLink,
  saveScreenshot,
  sendRequest,
  uniqueEmail,
} from './support.js';

test('a link holder identifies with the sandbox wallet and signs at the advanced level', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const sender = await createAccount(request, 'sender-w', 'Sally');
  const linkHolder = uniqueEmail('direct-w');
  const { id } = await sendRequest(request, sender, {
    title: 'Advanced lease',
    file: '002-trivial-libre-office-writer.pdf',
    signers: [{ email: linkHolder, name: 'Gina Guest' }],
    quality: 'aes',
    legislation: 'eidas',
  });
  const link = await readMailLink(request, linkHolder, new RegExp(`/view/${id}/[^/?]+\\?token=`));
  const context = await contextFor(browser, baseURL, null);
  const page = await context.newPage();

  await test.step('the request leads the signer to identification', async () => {
    await page.goto(link);
    // the first page of a run loads its code on a busy machine: give it time
    await expect(page.getByRole('heading', { name: 'Advanced lease' })).toBeVisible({ timeout: 30_000 });
    const bar = page.getByRole('region', { name: 'Sign or decline' });
    await expect(bar.getByRole('button', { name: 'Sign', exact: true })).toHaveCount(0);
    await bar.getByRole('link', { name: 'Identify yourself' }).click();
    // the preview says what the identification is for before the choice of method
    await expect(page).toHaveURL(/\/direct-sign\/identification\/[^/]+\/[^/]+\/preview$/);
    await page.getByRole('link', { name: 'Choose how to identify' }).click();
  });

  await test.step('they choose their digital identity wallet', async () => {
    await expect(page).toHaveURL(/\/direct-sign\/identification\/eidas$/);
    const wallet = page.getByRole('region', { name: 'Identify with your digital identity wallet' });
    await expect(wallet).toBeVisible();
    await expectAccessible(page);
    await saveScreenshot(page, 'wallet-01-choose');
    await wallet.getByRole('button', { name: 'Open my wallet' }).click();
    await expect(page).toHaveURL(/\/sandbox\/wallet\?/);
  });

  await test.step('the wallet shares only the name and issuing country, and sends them back', async () => {
    await expect(page.getByRole('heading', { name: 'Sandbox wallet' })).toBeVisible();
    await expect(page.getByText('asks to see: Given name, Family name, Issuing country.')).toBeVisible();
    await page.getByLabel('Given name').fill('Georgina');
    await page.getByLabel('Family name').fill('Guest');
    await page.getByLabel('Issuing country').fill('AT');
    await saveScreenshot(page, 'wallet-02-share');
    await page.getByRole('button', { name: 'Share with Countersign' }).click();
    // the identification screen sees the success and returns to the request
    await expect(page).toHaveURL(new RegExp(`/view/${id}/[^/?]+$`), { timeout: 15_000 });
  });

  await test.step('they sign at the advanced level', async () => {
    const bar = page.getByRole('region', { name: 'Sign or decline' });
    await bar.getByRole('button', { name: 'Sign', exact: true }).click();
    await agreeAndSign(page);
    await expect(page.getByRole('dialog', { name: 'Signed' })).toBeVisible({ timeout: 60_000 });
    await saveScreenshot(page, 'wallet-03-signed');
  });
  await context.close();

  await test.step('pdfsig finds the signature valid, trusted and naming the wallet identity', async () => {
    const headers = { authorization: `Bearer ${sender.token}` };
    const requestBody = (await (await request.get(`/v3/signature-requests/${id}`, { headers })).json()) as {
      status: string;
      documents: { id: string }[];
    };
    expect(requestBody.status).toBe('completed');
    const signed = await request.get(`/v3/documents/${requestBody.documents[0]!.id}/download?signed=true`, {
      headers,
    });
    expect(signed.ok()).toBe(true);
    const rootDer = await (await request.get('/trust/ca/root.cer')).body();
    const verdict = await judgeSignedPdf(await signed.body(), rootDer);
    expect(verdict.signatures, verdict.output).toHaveLength(1);
    expect(verdict.signatures[0], verdict.output).toMatchObject({ valid: true, trusted: true });
    expect(verdict.output).toContain('Signer Certificate Common Name: Georgina Guest');
  });
});
