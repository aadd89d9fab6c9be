// A link signer of a request that demands a TAN (ADR 086): signing first asks for the TAN mailed
// to them, a wrong one shows the "TAN invalid" overlay, and with the right one the signature is
// made.
import { expect, test } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import {
  contextFor,
  createAccount,
  readMailLink,
  saveScreenshot,
  sendRequest,
  signInView,
  uniqueEmail,
} from './support.js';

/** The TAN of the newest TAN mail to `to` (the sandbox lists the newest mail first). */
async function mailedTan(request: APIRequestContext, to: string): Promise<string> {
  let tan = '';
  await expect
    .poll(async () => {
      const { messages } = (await (await request.get('/sandbox/mail.json')).json()) as {
        messages: { to: string; text: string }[];
      };
      const mail = messages.find((m) => m.to === to && /TAN: \d{6}/.test(m.text));
      tan = /TAN: (\d{6})/.exec(mail?.text ?? '')?.[1] ?? '';
      return tan;
    })
    .toMatch(/^\d{6}$/);
  return tan;
}

test('a link signer passes a TAN after one wrong try and signs', async ({ browser, request, baseURL }) => {
  test.setTimeout(120_000);
  const sender = await createAccount(request, 'tan-sender', 'Tina');
  const linkHolder = uniqueEmail('tan-signer');
  const { id } = await sendRequest(request, sender, {
    title: 'Rental contract',
    file: '002-trivial-libre-office-writer.pdf',
    signers: [{ email: linkHolder, name: 'Lea Link' }],
    tanRequired: true,
  });
  const link = await readMailLink(request, linkHolder, new RegExp(`/view/${id}/[^/?]+\\?token=`));

  const context = await contextFor(browser, baseURL, null);
  const page = await context.newPage();
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Rental contract' })).toBeVisible({ timeout: 30_000 });
  await signInView(page);

  const entry = page.getByRole('dialog', { name: 'Confirm with your code' });
  await expect(entry).toBeVisible({ timeout: 30_000 });
  await expect(entry).toContainText('We have e-mailed a code to');
  const tan = await mailedTan(request, linkHolder);
  await saveScreenshot(page, 'direct-tan-01-entry');

  await test.step('a wrong TAN shows the TAN invalid overlay', async () => {
    await entry.getByLabel('Code').fill(tan === '123456' ? '654321' : '123456');
    await entry.getByRole('button', { name: 'Confirm and sign' }).click();
    const invalid = page.getByRole('dialog', { name: 'Wrong code' });
    await expect(invalid).toBeVisible();
    await saveScreenshot(page, 'direct-tan-02-invalid');
    await invalid.getByRole('button', { name: 'Try again' }).click();
  });

  await test.step('the right TAN signs', async () => {
    await expect(entry).toBeVisible();
    await entry.getByLabel('Code').fill(tan);
    await entry.getByRole('button', { name: 'Confirm and sign' }).click();
    await expect(page.getByRole('dialog', { name: 'Signed' })).toBeVisible({ timeout: 30_000 });
    await saveScreenshot(page, 'direct-tan-03-signed');
  });
  const status = await request.get(`/v3/signature-requests/${id}`, {
    headers: { authorization: `Bearer ${sender.token}` },
  });
  expect(((await status.json()) as { status: string }).status).toBe('completed');
  await context.close();
});
