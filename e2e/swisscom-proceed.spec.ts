// A link holder signs a qualified ZertES signature through the Swisscom step-up (ADR 087): after
// identifying, the sign call texts a code, and the dialog asks for their password at the signing
// provider with it. A wrong code shows the TAN-invalid overlay; trying again with a new code and
// the password signs. pdfsig then finds the signature valid, trusted and naming the person.
import { expect, test, type APIRequestContext } from '@playwright/test';
import { identifyInSandbox, randomSwissMobile } from './sandbox-identification.js';
import { expectQualifiedSignedBy } from './signed-pdfs.js';
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

/** The newest code the sandbox SMS box holds for `to` that is not `previous`. */
async function nextCode(request: APIRequestContext, to: string, previous = ''): Promise<string> {
  let code = '';
  await expect
    .poll(
      async () => {
        const box = (await (await request.get('/sandbox/sms.json')).json()) as {
          messages: { to: string; text: string }[];
        };
        code = /\b(\d{6})\b/.exec(box.messages.find((m) => m.to === to)?.text ?? '')?.[1] ?? '';
        return code !== '' && code !== previous;
      },
      { message: `a new code sent to ${to}` },
    )
    .toBe(true);
  return code;
}

test('a link holder signs a qualified ZertES signature with password and code (Swisscom proceed)', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const sender = await createAccount(request, 'sender-zertes', 'Sina');
  const linkHolder = uniqueEmail('direct-zertes');
  const mobile = randomSwissMobile();
  const { id } = await sendRequest(request, sender, {
    title: 'Qualified ZertES lease',
    file: '002-trivial-libre-office-writer.pdf',
    signers: [{ email: linkHolder, name: 'Zita Zertes' }],
    quality: 'qes',
    legislation: 'zertes',
  });
  const link = await readMailLink(request, linkHolder, new RegExp(`/view/${id}/[^/?]+\\?token=`));
  const context = await contextFor(browser, baseURL, null);
  const page = await context.newPage();

  await test.step('the link holder identifies for ZertES with the sandbox provider', () =>
    identifyInSandbox(
      page,
      { id, link, title: 'Qualified ZertES lease' },
      { expectedGivenName: 'Zita', expectedSurname: 'Zertes', givenName: 'Zita', mobile },
      'swisscom-proceed',
      { legislation: 'zertes', path: 'auto', label: 'Automated identification' },
    ));

  const bar = page.getByRole('region', { name: 'Sign or decline' });
  const dialog = page.getByRole('dialog', { name: 'Confirm with your password and code' });
  let firstCode = '';
  await test.step('a wrong code is refused with the TAN-invalid overlay', async () => {
    await bar.getByRole('button', { name: 'Sign', exact: true }).click();
    await agreeAndSign(page);
    await expect(dialog).toBeVisible({ timeout: 30_000 });
    await expectAccessible(page);
    await saveScreenshot(page, 'swisscom-proceed-02-password-and-code');
    firstCode = await nextCode(request, mobile);
    await dialog.getByLabel('Password at the signing provider').fill('matterhorn4478');
    await dialog.getByLabel('Code').fill(firstCode === '000000' ? '111111' : '000000');
    await dialog.getByRole('button', { name: 'Confirm and sign' }).click();
    const overlay = page.getByRole('dialog', { name: 'Wrong code' });
    await expect(overlay).toBeVisible({ timeout: 30_000 });
    await saveScreenshot(page, 'swisscom-proceed-03-wrong-code');
    await overlay.getByRole('button', { name: 'Try again' }).click();
  });

  await test.step('with a new code and the password the signature is made', async () => {
    await expect(dialog).toBeVisible({ timeout: 30_000 });
    await dialog.getByLabel('Password at the signing provider').fill('matterhorn4478');
    await dialog.getByLabel('Code').fill(await nextCode(request, mobile, firstCode));
    await dialog.getByRole('button', { name: 'Confirm and sign' }).click();
    await expect(page.getByRole('dialog', { name: 'Signed' })).toBeVisible({ timeout: 60_000 });
  });
  await context.close();

  await test.step('pdfsig finds the qualified signature valid, trusted and naming the identified person', () =>
    expectQualifiedSignedBy(request, sender, id, 'Zita Zertes'));
});
