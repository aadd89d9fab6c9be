// Screenshots of the everyday screens in every locale, for a reviewer to read: for each
// of English, German and French a sender and a signer whose accounts speak that language see the
// dashboard with a request, the draft on the upload screen, the sent request and the signing
// view; a person with only the link sees the direct-sign view in that language, and in Italian,
// which exists only there (spec 1). The pictures land in e2e/artifacts/<run>/locales/.
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import {
  contextFor,
  createAccount,
  readMailLink,
  saveScreenshot,
  sendRequest,
  uniqueEmail,
} from './support.js';

const accountLocales = [
  { lang: 'en', html: 'en-GB' },
  { lang: 'de', html: 'de-CH' },
  { lang: 'fr', html: 'fr-CH' },
] as const;
const directLanguages = ['en', 'de', 'fr', 'it'] as const;
const file = 'pdflatex-4-pages.pdf';

async function shoot(page: Page, path: string, lang: string, html: RegExp | string, name: string) {
  await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('lang', html);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  if (path.startsWith('/upload') || path.startsWith('/view'))
    await expect(page.getByRole('img', { name: /1/ }).first()).toBeVisible();
  await saveScreenshot(page, `locales/${lang}-${name}`);
}

test('the everyday screens in each locale', async ({ browser, request, baseURL }) => {
  test.setTimeout(180_000);
  for (const { lang, html } of accountLocales) {
    await test.step(`${html}: sender and signer`, async () => {
      const sender = await createAccount(request, `sender-${lang}`, 'Sofia', lang);
      const signer = await createAccount(request, `signer-${lang}`, 'Lukas', lang);
      const signers = [{ email: signer.email }];
      const draft = await sendRequest(request, sender, {
        title: `Draft ${lang}`,
        file,
        signers,
        isDraft: true,
      });
      const sent = await sendRequest(request, sender, { title: `Contract ${lang}`, file, signers });

      const senderContext = await contextFor(browser, baseURL, sender.token);
      const senderPage = await senderContext.newPage();
      await shoot(senderPage, '/dashboard?tab=inbox&q=', lang, html, 'dashboard');
      await expect(senderPage.locator('main ul[aria-label] a').first()).toBeVisible();
      await shoot(senderPage, `/upload?draft=${draft.id}&step=fields`, lang, html, 'upload');
      await shoot(senderPage, `/view/${sent.id}`, lang, html, 'sent');
      await senderContext.close();

      const signerContext = await contextFor(browser, baseURL, signer.token);
      const signerPage = await signerContext.newPage();
      await shoot(signerPage, `/view/${sent.id}`, lang, html, 'sign');
      await signerContext.close();
    });
  }

  await test.step('a link holder in each language, Italian included', async () => {
    const sender = await createAccount(request, 'sender-direct', 'Sofia');
    for (const lang of directLanguages) {
      const guest = uniqueEmail(`guest-${lang}`);
      await sendRequest(request, sender, { title: `Link ${lang}`, file, signers: [{ email: guest }] });
      const link = await readMailLink(request, guest, /\/view\/[^/]+\/[^/]+\?token=/);
      const token = new URL(link, 'http://x').searchParams.get('token') ?? '';
      const chosen = await request.put(`/v1/direct/user?token=${encodeURIComponent(token)}`, {
        data: { lang },
      });
      expect(chosen.ok(), await chosen.text()).toBe(true);
      const context = await contextFor(browser, baseURL, null);
      const page = await context.newPage();
      await shoot(page, link, lang, new RegExp(`^${lang}`), 'direct');
      await context.close();
    }
  });
});
