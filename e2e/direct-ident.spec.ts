// A link holder asked for a qualified signature (ADR 025): from the mailed link they
// are led to identification, choose video identification, confirm their identity on the sandbox
// provider's page, come back to their identification screen, return to the request and sign with
// the code from the sandbox SMS box. pdfsig then finds the signature valid, trusted and naming
// the identified person, and openssl verifies the closing document time-stamp.
import { expect, test } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import { randomSwissMobile, identifyInSandbox } from './sandbox-identification.js';
import { expectQualifiedSignedBy } from './signed-pdfs.js';
import {
  agreeAndSign,
  contextFor,
  createAccount,
  readMailLink,
  saveScreenshot,
  sendRequest,
  uniqueEmail,
} from './support.js';

const mobile = randomSwissMobile();

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

  await test.step('the link holder identifies with the sandbox provider and comes back to the request', () =>
    identifyInSandbox(
      page,
      { id, link, title: 'Qualified lease' },
      { expectedGivenName: 'Gina', expectedSurname: 'Guest', givenName: 'Georgina', mobile },
      'direct-ident',
    ));

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

  await test.step('pdfsig finds the qualified signature valid, trusted and naming the identified person', () =>
    expectQualifiedSignedBy(request, sender, id, 'Georgina Guest'));
});
