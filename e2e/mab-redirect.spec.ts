// A link holder signs a qualified (eIDAS) signature by authorising it on their QTSP's own page
// (the MAB redirect, ADR 076 and 087): identified first, they choose the provider instead of the
// SMS code, confirm on the sandbox QTSP's page with the one-time code it shows, and come back to
// /mab/redirect, which completes the signature. pdfsig then finds it valid and trusted.
import { expect, test } from '@playwright/test';
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

test('a link holder signs a qualified signature at the QTSP and comes back to /mab/redirect', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const sender = await createAccount(request, 'sender-mab', 'Sam');
  const linkHolder = uniqueEmail('direct-mab');
  const { id } = await sendRequest(request, sender, {
    title: 'Qualified loan',
    file: '002-trivial-libre-office-writer.pdf',
    signers: [{ email: linkHolder, name: 'Mara Link' }],
    quality: 'qes',
    legislation: 'eidas',
  });
  const link = await readMailLink(request, linkHolder, new RegExp(`/view/${id}/[^/?]+\\?token=`));
  const context = await contextFor(browser, baseURL, null);
  const page = await context.newPage();

  await test.step('the link holder identifies with the sandbox provider', () =>
    identifyInSandbox(
      page,
      { id, link, title: 'Qualified loan' },
      { expectedGivenName: 'Mara', expectedSurname: 'Link', givenName: 'Mara', mobile: randomSwissMobile() },
      'mab-redirect',
    ));

  await test.step('they choose to confirm at their trust service provider instead of by SMS code', async () => {
    const bar = page.getByRole('region', { name: 'Sign or decline' });
    await bar.getByRole('button', { name: 'Sign', exact: true }).click();
    await agreeAndSign(page);
    const dialog = page.getByRole('dialog', { name: 'Confirm with your code' });
    await expect(dialog).toBeVisible({ timeout: 30_000 });
    await dialog.getByRole('button', { name: 'Confirm at my trust service provider instead' }).click();
    await expect(page.getByRole('heading', { name: 'Authorise a qualified signature' })).toBeVisible({
      timeout: 30_000,
    });
    await saveScreenshot(page, 'mab-redirect-02-provider');
  });

  await test.step('a wrong code keeps them at the provider; the shown code sends them back signed', async () => {
    const otp = (await page.locator('#otp').textContent())?.trim() ?? '';
    expect(otp).toMatch(/^\d{6}$/);
    await page.getByLabel('One-time code').fill(otp === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Sign' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    await page.getByLabel('One-time code').fill(otp);
    await page.getByRole('button', { name: 'Sign' }).click();
    await expect(page).toHaveURL(/\/mab\/redirect\?/);
    await expect(page.getByRole('heading', { name: 'Thank you for signing' })).toBeVisible({
      timeout: 60_000,
    });
    await expectAccessible(page);
    await saveScreenshot(page, 'mab-redirect-03-signed');
    await page.getByRole('link', { name: 'Back to the request' }).click();
    await expect(page).toHaveURL(new RegExp(`/view/${id}/[^/?]+`));
  });
  await context.close();

  await test.step('pdfsig finds the qualified signature valid, trusted and naming the identified person', () =>
    expectQualifiedSignedBy(request, sender, id, 'Mara Link'));
});
