// The Part 11 journey (ADR 077): a business admin turns Part 11 mode on; a signer of the
// business's request is asked, when they sign, to state the meaning of their signature and to
// re-authenticate with their password and a one-time code from the sandbox mailbox; a wrong code
// is refused in the verification overlay, the right one signs; the meaning then shows in the
// signed PDF's signature dictionary and in the signature protocol.
import { readSignatures } from '@countersign/pdf';
import { expect, test } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import {
  accountPassword,
  contextFor,
  createAccount,
  saveScreenshot,
  sendRequest,
  signInView,
  type Account,
} from './support.js';

/** The code of the newest "Part 11" mail to `to`. */
async function part11Code(request: APIRequestContext, to: string): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const { messages } = (await (await request.get('/sandbox/mail.json')).json()) as {
        messages: { to: string; subject: string; text: string }[];
      };
      const mail = messages.find((m) => m.to === to && m.subject.includes('Part 11'));
      code = /: (\d{6})\./.exec(mail?.text ?? '')?.[1] ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code;
}

async function businessWithPart11(request: APIRequestContext, admin: Account): Promise<void> {
  const headers = { authorization: `Bearer ${admin.token}` };
  const created = await request.post('/v2/businesses', {
    headers,
    data: { name: 'Pharma Batch AG', country: 'CH', accept_gtc: true, accept_dpa: true },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const set = await request.put(`/v1/businesses/${id}/settings`, {
    headers,
    data: { signature_requests: { part11: { enabled: true } } },
  });
  expect(set.ok(), await set.text()).toBe(true);
}

test('a Part 11 signer re-authenticates and states a meaning that the signed PDF and the protocol show', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const admin = await createAccount(request, 'p11-admin', 'Paula');
  await businessWithPart11(request, admin);
  const signer = await createAccount(request, 'p11-signer', 'Ada');
  const sent = await sendRequest(request, admin, {
    title: 'Batch record 42',
    file: '002-trivial-libre-office-writer.pdf',
    signers: [{ email: signer.email }],
  });

  const context = await contextFor(browser, baseURL, signer.token);
  const page = await context.newPage();
  await page.goto(`/view/${sent.id}`);
  await expect(page.getByRole('heading', { name: 'Batch record 42' })).toBeVisible();
  await signInView(page);

  const overlay = page.getByRole('dialog', { name: 'Confirm your signature (21 CFR Part 11)' });
  await test.step('the verification overlay asks for meaning, password and a code', async () => {
    await expect(overlay).toBeVisible();
    await expect(overlay.getByLabel('Printed name')).toHaveValue('Ada Tester');
    await overlay.getByLabel('Meaning of your signature').fill('Approved for release');
    await overlay.getByLabel('Your password').fill(accountPassword);
    await overlay.getByRole('button', { name: 'Send me a code' }).click();
    await expect(overlay.getByRole('status')).toContainText('We sent a code by e-mail');
    await saveScreenshot(page, 'part11-01-verification');
  });

  const code = await part11Code(request, signer.email);
  await test.step('a wrong code is refused and nothing is signed', async () => {
    await overlay.getByLabel('One-time code').fill(code === '000000' ? '000001' : '000000');
    await overlay.getByRole('button', { name: 'Sign', exact: true }).click();
    const again = page.getByRole('dialog', { name: 'Confirm your signature (21 CFR Part 11)' });
    await expect(again.getByText('The code is wrong. Please check it and try again.')).toBeVisible({
      timeout: 30_000,
    });
    await expect(again.getByLabel('Meaning of your signature')).toHaveValue('Approved for release');
  });

  await test.step('the right code signs', async () => {
    const again = page.getByRole('dialog', { name: 'Confirm your signature (21 CFR Part 11)' });
    await again.getByLabel('Your password').fill(accountPassword);
    await again.getByLabel('One-time code').fill(code);
    await again.getByRole('button', { name: 'Sign', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Signed' })).toBeVisible({ timeout: 30_000 });
    await saveScreenshot(page, 'part11-02-signed');
  });
  await context.close();

  await test.step('the signed PDF and the protocol carry the meaning', async () => {
    const headers = { authorization: `Bearer ${admin.token}` };
    const detail = (await (await request.get(`/v3/signature-requests/${sent.id}`, { headers })).json()) as {
      documents: { id: string }[];
    };
    const pdf = await request.get(`/v3/documents/${detail.documents[0]!.id}/download?signed=true`, {
      headers,
    });
    expect(pdf.ok()).toBe(true);
    const signatures = readSignatures(new Uint8Array(await pdf.body())).filter((s) => s.kind === 'signature');
    expect(signatures.map((s) => [s.name, s.reason])).toEqual([['Ada Tester', 'Approved for release']]);
    const protocol = (await (
      await request.get(`/v3/signature-requests/${sent.id}/report?type=json`, { headers })
    ).json()) as { signers: { part11: { printed_name: string; meaning: string } | null }[] };
    expect(protocol.signers[0]?.part11).toMatchObject({
      printed_name: 'Ada Tester',
      meaning: 'Approved for release',
    });
  });
});
