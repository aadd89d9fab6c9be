// A link holder asked for a qualified signature (ADR 025): from the mailed link they
// are led to identification, choose video identification, confirm their identity on the sandbox
// provider's page, come back to their identification screen, return to the request and sign with
// the code from the sandbox SMS box. pdfsig then finds the signature valid, trusted and naming
// the identified person, and openssl verifies the closing document time-stamp.
import { expect, test } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
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

const mobile = `+41 79 ${Math.floor(1_000_000 + Math.random() * 8_999_999)}`;

async function latestTan(request: APIRequestContext, to: string): Promise<string> {
  let tan = '';
  await expect
    .poll(
      async () => {
        const box = (await (await request.get('/sandbox/sms.json')).json()) as {
          messages: { to: string; text: string }[];
        };
        tan = /\b(\d{6})\b/.exec(box.messages.find((m) => m.to === to)?.text ?? '')?.[1] ?? '';
        return tan;
      },
      { message: `a code sent to ${to}` },
    )
    .not.toBe('');
  return tan;
}

test('a link holder asked for a qualified signature identifies in the sandbox and signs with the SMS code', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const sender = await createAccount(request, 'sender-q', 'Sally');
  const linkHolder = uniqueEmail('direct-q');
  const { id } = await sendRequest(request, sender, {
    title: 'Qualified lease',
    file: '002-trivial-libre-office-writer.pdf',
    signers: [{ email: linkHolder, name: 'Gina Guest' }],
    quality: 'qes',
    legislation: 'eidas',
  });
  const link = await readMailLink(request, linkHolder, new RegExp(`/view/${id}/[^/?]+\\?token=`));
  const context = await contextFor(browser, baseURL, null);
  const page = await context.newPage();

  await test.step('the request says the signer must identify first, instead of offering to sign', async () => {
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Qualified lease' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Identify yourself to sign' })).toBeVisible();
    const bar = page.getByRole('region', { name: 'Sign or decline' });
    await expect(bar.getByRole('button', { name: 'Sign', exact: true })).toHaveCount(0);
    await saveScreenshot(page, 'direct-ident-01-needs-identification');
    await bar.getByRole('link', { name: 'Identify yourself' }).click();
  });

  await test.step('they choose video identification and go to the provider', async () => {
    await expect(page).toHaveURL(/\/direct-sign\/identification\/eidas$/);
    await expect(page.getByRole('heading', { name: 'Choose how to identify yourself' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Video identification' }).click();
    await expect(page).toHaveURL(/\/direct-sign\/identification\/eidas\/video$/);
    await page.getByRole('button', { name: 'Go to the identity provider' }).click();
    await expect(page).toHaveURL(/\/sandbox\/identification\//);
  });

  await test.step('the sandbox provider confirms the identity and sends them back', async () => {
    // the form suggests the name the sender typed
    await expect(page.getByLabel('Given name')).toHaveValue('Gina');
    await expect(page.getByLabel('Surname')).toHaveValue('Guest');
    await page.getByLabel('Given name').fill('Georgina');
    await page.getByLabel('Mobile number for signing codes').fill(mobile);
    await page.getByRole('button', { name: 'Approve identity' }).click();
    await page.getByRole('link', { name: 'Back to Countersign' }).click();
    // the identification screen sees the success and returns to the request
    await expect(page).toHaveURL(new RegExp(`/view/${id}/[^/?]+$`), { timeout: 15_000 });
  });

  await test.step('they sign with the code from the SMS box', async () => {
    const bar = page.getByRole('region', { name: 'Sign or decline' });
    await bar.getByRole('button', { name: 'Sign', exact: true }).click();
    await agreeAndSign(page);
    const dialog = page.getByRole('dialog', { name: 'Confirm with your code' });
    await expect(dialog).toBeVisible({ timeout: 30_000 });
    await saveScreenshot(page, 'direct-ident-02-code');
    await dialog.getByLabel('Code').fill(await latestTan(request, mobile));
    await dialog.getByRole('button', { name: 'Confirm and sign' }).click();
    await expect(page.getByRole('dialog', { name: 'Signed' })).toBeVisible({ timeout: 60_000 });
  });
  await context.close();

  await test.step('pdfsig finds the qualified signature valid, trusted and naming the identified person', async () => {
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
    expect(verdict.timestamps.length, verdict.output).toBeGreaterThanOrEqual(1);
    expect(
      verdict.timestamps.every((t) => t.ok),
      verdict.output,
    ).toBe(true);
  });
});
