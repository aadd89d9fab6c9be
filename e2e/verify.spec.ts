// The public verifier at /verify (ADR 079), without an account: a document two people signed here
// is checked in the browser, where the page sends nothing of the file anywhere, as it was after the
// first signature (valid), with a byte changed after signing (not valid) and after the second
// signer's incremental update (both valid, the first covering its revision); then the same file
// once on the server, which the page says is an upload.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { SIGNING_CONSENT_VERSION } from '@countersign/domain';
import { contextFor, createAccount, sendRequest, type Account } from './support.js';

const consent = { accepted: true, version: SIGNING_CONSENT_VERSION, language: 'en' };

async function sign(request: APIRequestContext, signer: Account, id: string): Promise<void> {
  const res = await request.post('/v3/sign', {
    headers: { authorization: `Bearer ${signer.token}` },
    data: { consent, signature_requests: [{ signature_request_id: id }] },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

async function signedBytes(request: APIRequestContext, owner: Account, id: string): Promise<Buffer> {
  const headers = { authorization: `Bearer ${owner.token}` };
  const view = (await (await request.get(`/v3/signature-requests/${id}`, { headers })).json()) as {
    documents: { id: string }[];
  };
  const res = await request.get(`/v3/documents/${view.documents[0]!.id}/download?signed=true`, { headers });
  expect(res.ok()).toBe(true);
  return res.body();
}

/** The file with one byte in the middle of its first signed range changed. */
function tampered(bytes: Buffer): Buffer {
  const range = /\/ByteRange\s*\[\s*0\s+(\d+)/.exec(bytes.toString('latin1'));
  if (!range) throw new Error('no /ByteRange');
  const copy = Buffer.from(bytes);
  const at = Math.floor(Number(range[1]) / 2);
  copy[at] = copy[at] === 0x20 ? 0x0a : 0x20;
  return copy;
}

async function check(page: Page, name: string, bytes: Buffer): Promise<void> {
  await page.getByLabel('Choose a PDF').setInputFiles({ name, mimeType: 'application/pdf', buffer: bytes });
  await expect(page.getByTestId('verify-report')).toBeVisible({ timeout: 30_000 });
}

test('anyone verifies a signed PDF in the browser without uploading it, and on the server', async ({
  browser,
  request,
  baseURL,
}) => {
  const first = await createAccount(request, 'verify-first', 'Vera');
  const second = await createAccount(request, 'verify-second', 'Viktor');
  const { id } = await sendRequest(request, first, {
    title: 'Verified contract',
    file: '002-trivial-libre-office-writer.pdf',
    signers: [{ email: first.email }, { email: second.email }],
  });
  await sign(request, first, id);
  const oneSigner = await signedBytes(request, first, id);
  await sign(request, second, id);
  const twoSigners = await signedBytes(request, first, id);

  const context = await contextFor(browser, baseURL, null);
  const page = await context.newPage();
  // every request the page makes with a body, and every call to the verifier
  const sent: string[] = [];
  page.on('request', (req) => {
    if (req.method() !== 'GET' || req.url().includes('/v1/verify')) sent.push(`${req.method()} ${req.url()}`);
  });
  await page.goto('/verify');
  await expect(page.getByRole('heading', { name: 'Verify a signed PDF' })).toBeVisible();
  await expect(page.getByLabel('In this browser: the file never leaves your computer')).toBeChecked();
  await expect(page.getByTestId('verify-privacy')).toHaveText(/stays on your computer/);

  await test.step('the file after the first signature is valid', async () => {
    await check(page, 'one-signer.pdf', oneSigner);
    await expect(page.getByTestId('verify-report')).toHaveAttribute('data-mode', 'browser');
    await expect(page.getByTestId('verify-verdict')).toHaveText('Every signature is valid.');
    const signature = page.getByTestId('verify-signature');
    await expect(signature).toHaveCount(1);
    await expect(signature).toContainText(first.email);
    await expect(signature).toContainText('reaches the trusted root');
    await expect(signature).toContainText('the whole file');
    await page.getByRole('button', { name: 'Check another file' }).click();
  });

  await test.step('the same file with a byte changed after signing is not valid', async () => {
    await check(page, 'tampered.pdf', tampered(oneSigner));
    await expect(page.getByTestId('verify-verdict')).toHaveText('At least one signature is not valid.');
    await expect(page.getByTestId('verify-signature')).toContainText('the signed bytes were changed');
    await page.getByRole('button', { name: 'Check another file' }).click();
  });

  await test.step('after the second signer, both signatures are valid', async () => {
    await check(page, 'two-signers.pdf', twoSigners);
    await expect(page.getByTestId('verify-verdict')).toHaveText('Every signature is valid.');
    const signatures = page.getByRole('region', { name: /^Signature \d$/ });
    await expect(signatures).toHaveCount(2);
    await expect(signatures.nth(0)).toContainText(first.email);
    await expect(signatures.nth(0)).toContainText('only further signatures');
    await expect(signatures.nth(1)).toContainText(second.email);
  });

  // nothing of the three files went anywhere: no request with a body, no call to the verifier
  expect(sent).toEqual([]);

  await test.step('on the server, the page says the file is uploaded, and the verdict is the same', async () => {
    await page.getByRole('button', { name: 'Check another file' }).click();
    await page.getByLabel('On our server: the file is uploaded, checked and not kept').check();
    await expect(page.getByTestId('verify-privacy')).toHaveText(/uploaded to our server/);
    const upload = page.waitForRequest((req) => req.url().endsWith('/v1/verify') && req.method() === 'POST');
    await check(page, 'two-signers.pdf', twoSigners);
    await upload;
    await expect(page.getByTestId('verify-report')).toHaveAttribute('data-mode', 'server');
    await expect(page.getByTestId('verify-verdict')).toHaveText('Every signature is valid.');
    const signatures = page.getByRole('region', { name: /^Signature \d$/ });
    await expect(signatures).toHaveCount(2);
    // the last signature completed to B-LTA (the browser's engine still reports B-T here: ADR 079)
    await expect(signatures.nth(1)).toContainText('B-LTA');
  });

  await test.step('judged eleven years on, when its time-stamps no longer prove it, the file is not confirmed', async () => {
    const eleven = `${new Date().getUTCFullYear() + 11}-06-01`;
    for (const mode of ['server', 'browser'] as const) {
      await page.getByRole('button', { name: 'Check another file' }).click();
      if (mode === 'browser')
        await page.getByLabel('In this browser: the file never leaves your computer').check();
      await page.getByLabel('Judge as of').fill(eleven);
      await check(page, 'two-signers.pdf', twoSigners);
      await expect(page.getByTestId('verify-report')).toHaveAttribute('data-mode', mode);
      await expect(page.getByTestId('verify-verdict')).toHaveText(
        'The signatures could not all be confirmed.',
      );
    }
  });
  await context.close();
});
