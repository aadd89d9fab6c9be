// The sender's journey from sign-up to signed download: a sender signs up, uploads two real-world PDFs, adds a signer
// who has an account and one who has none, places each one's signature field on both documents
// (by dragging and with the keyboard), sends, and finds the request waiting on the dashboard. The
// colleague signs from their inbox, the guest from the link in the sandbox mail; the sender sees
// the request completed, downloads the zip, and in both PDFs poppler's pdfsig finds both
// signatures valid and trusted while openssl verifies the closing document time-stamp.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { unzipSync } from 'fflate';
import type { Page } from '@playwright/test';
import { realWorldPdfDir } from '../packages/pdf/src/test-corpus.js';
import { judgeSignedPdf } from './signed-pdfs.js';
import {
  contextFor,
  expectAccessible,
  finishSignupSteps,
  readMailLink,
  saveScreenshot,
  signInView,
  skipSignupSteps,
  uniqueEmail,
} from './support.js';

const corpus = realWorldPdfDir();
const firstPdf = path.join(corpus, '002-trivial-libre-office-writer.pdf');
const secondPdf = path.join(corpus, 'pdflatex-4-pages.pdf');
const password = 'amber lantern over the bay 9';

/** Places a signature field for the signer on the page in view; returns the field's button. */
async function placeField(page: Page, signer: { email: string; name: string }) {
  await page.getByRole('radio', { name: signer.name }).check();
  const fields = page.getByRole('button', { name: `Signature of ${signer.name}` });
  const before = await fields.count();
  await page.getByRole('button', { name: 'Signature', exact: true }).click();
  await expect(fields).toHaveCount(before + 1);
  return fields.nth(before);
}

test('a sender uploads two PDFs for two signers, both sign, and the signed zip verifies', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const sender = uniqueEmail('sender');
  const colleague = { email: uniqueEmail('colleague'), name: 'Clara Colleague' };
  const guest = { email: uniqueEmail('guest'), name: 'Gus Guest' };

  await test.step('the colleague already has an account', async () => {
    const registered = await request.post('/v1/register', {
      data: {
        email: colleague.email,
        password,
        first_name: 'Clara',
        last_name: 'Colleague',
        accept_gtc: true,
      },
    });
    expect(registered.status()).toBe(201);
    const confirm = await readMailLink(request, colleague.email, /\/signup\/confirm\?token=/);
    const token = new URL(confirm, 'http://localhost').searchParams.get('token');
    expect((await request.post('/v1/valid-confirmation', { data: { token } })).ok()).toBe(true);
  });

  await test.step('the sender signs up and is signed in by the confirmation link', async () => {
    await page.goto('/signup');
    await page
      .getByRole('region', { name: 'Test System' })
      .getByRole('button', { name: 'I understand' })
      .click();
    await page.getByLabel('First name').fill('Sid');
    await page.getByLabel('Last name').fill('Sender');
    await page.getByLabel('E-mail address', { exact: true }).fill(sender);
    await page.getByLabel('Password').fill(password);
    await page.getByLabel('I accept the terms and conditions').check();
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page).toHaveURL(/\/signup\/mail-sent$/);
    // the confirmation link signs the sender in
    await page.goto(await readMailLink(request, sender, /\/signup\/confirm\?token=/));
    await skipSignupSteps(page);
    await expect(page).toHaveURL(/\/dashboard\?tab=inbox&q=$/);
    await expect(page.getByText('No signature requests yet.')).toBeVisible();
  });

  await test.step('upload two PDFs', async () => {
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Upload' })
      .click();
    await expect(page).toHaveURL(/\/upload$/);
    await page.getByLabel('Choose PDF files').setInputFiles([firstPdf, secondPdf]);
    await expect(page).toHaveURL(/\/upload\?draft=/);
    await expect(page.getByText('002-trivial-libre-office-writer.pdf')).toBeVisible();
    await expect(page.getByText('pdflatex-4-pages.pdf')).toBeVisible();
    await page.getByLabel('Title').fill('Partnership agreement');
    await page.getByLabel('Message to the signers').fill('Please sign both documents.');
    await page.getByRole('button', { name: 'Next: Recipients' }).click();
    await expect(page).toHaveURL(/step=recipients/);
  });

  await test.step('add a signer with an account and one without', async () => {
    for (const { email, name } of [colleague, guest]) {
      await page.getByRole('combobox', { name: 'Signer’s e-mail address' }).fill(email);
      await page.getByLabel('Signer’s name (optional)').fill(name);
      await page.getByRole('button', { name: 'Add signer' }).click();
      await expect(page.getByRole('button', { name: `Remove ${email}` })).toBeVisible();
    }
  });

  await test.step('place both fields on both documents, by pointer and by keyboard', async () => {
    await page.getByRole('button', { name: 'Next: Fields' }).click();
    await expect(page.getByRole('img', { name: /^Page 1 of / }).first()).toBeVisible();
    const first = await placeField(page, colleague);
    await first.scrollIntoViewIfNeeded();
    const box = await first.boundingBox();
    if (!box) throw new Error('the field has no box');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 - 60, box.y + box.height / 2 - 40, { steps: 5 });
    await page.mouse.up();
    const moved = await first.boundingBox();
    expect(moved?.x).toBeLessThan(box.x - 30);

    const second = await placeField(page, guest);
    await second.focus();
    const before = await second.boundingBox();
    await page.keyboard.press('Shift+ArrowRight');
    await page.keyboard.press('Shift+ArrowRight');
    expect((await second.boundingBox())?.x).toBeGreaterThan((before?.x ?? 0) + 10);

    // the second document's second page, scrolled to, receives the next fields
    const pageTwo = page.getByRole('region', { name: 'pdflatex-4-pages' }).getByTestId('editor-page').nth(1);
    await pageTwo.scrollIntoViewIfNeeded();
    await expect(pageTwo.getByRole('img')).toBeVisible();
    await placeField(page, colleague);
    await expect(pageTwo.getByRole('button', { name: `Signature of ${colleague.name}` })).toBeVisible();
    await placeField(page, guest);
    await saveScreenshot(page, 'send-01-upload');
    await expectAccessible(page);
  });

  await test.step('the upload screen still fits at 320 px', async () => {
    await page.setViewportSize({ width: 320, height: 640 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await saveScreenshot(page, 'send-01b-upload-320');
    await page.setViewportSize({ width: 1280, height: 720 });
  });

  await test.step('the draft saved itself: find it among the drafts and reopen it with its fields', async () => {
    await expect(page.getByText('All changes saved')).toBeVisible();
    await page.goto('/dashboard?tab=drafts&q=');
    const draft = page.getByRole('link', { name: /Partnership agreement/ });
    await expect(draft).toContainText('Draft');
    await draft.click();
    await expect(page).toHaveURL(/\/upload\?draft=/);
    await expect(page.getByLabel('Title')).toHaveValue('Partnership agreement');
    await page.getByRole('button', { name: '3. Fields' }).click();
    await expect(page.getByRole('button', { name: `Signature of ${colleague.name}` })).toHaveCount(2);
    await expect(page.getByRole('button', { name: `Signature of ${guest.name}` })).toHaveCount(2);
  });

  await test.step('review, send, and find the request waiting on the dashboard', async () => {
    await page.getByRole('button', { name: 'Next: Review and send' }).click();
    await expect(page.getByText(`${colleague.name} (${colleague.email}): 2 fields`)).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\?tab=inbox&q=$/);
    const row = page.getByRole('list', { name: 'Signature requests' }).getByRole('link', {
      name: /Partnership agreement/,
    });
    await expect(row).toContainText('Waiting');
    await expect(row).toContainText('0 of 2 signed');
    await expect(row).toHaveAttribute('href', /^\/view\//);
    await saveScreenshot(page, 'send-02-dashboard');
    await expectAccessible(page);
  });

  await test.step('both signers are invited by mail', async () => {
    expect(await readMailLink(request, colleague.email, /\/view\/[^/?]+$/)).toMatch(/^\/view\//);
    expect(await readMailLink(request, guest.email, /\/view\/[^/]+\/[^/]+\?token=/)).toMatch(/token=/);
  });

  await test.step('the dashboard still reads at 320 px', async () => {
    await page.setViewportSize({ width: 320, height: 640 });
    await page.getByRole('button', { name: 'Filters and sorting' }).click();
    await page.getByLabel('Requests per page').selectOption('50');
    await expect(page.getByRole('link', { name: /Partnership agreement/ })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await saveScreenshot(page, 'send-03-dashboard-320');
  });

  await test.step('the colleague signs from the inbox', async () => {
    const login = await request.post('/v1/login', { data: { email: colleague.email, password } });
    expect(login.ok()).toBe(true);
    const { token } = (await login.json()) as { token: string };
    await finishSignupSteps(request, token);
    const context = await contextFor(browser, baseURL, token);
    const inbox = await context.newPage();
    await inbox.goto('/dashboard?tab=inbox&q=');
    const row = inbox.getByRole('list', { name: 'Signature requests' }).getByRole('link', {
      name: /Partnership agreement/,
    });
    await expect(row).toContainText('To sign');
    await row.click();
    await expect(inbox).toHaveURL(/\/view\//);
    await signInView(inbox);
    await expect(inbox.getByRole('dialog', { name: 'Signed' })).toBeVisible({ timeout: 60_000 });
    await context.close();
  });

  await test.step('the guest signs from the link in the mail', async () => {
    const link = await readMailLink(request, guest.email, /\/view\/[^/]+\/[^/]+\?token=/);
    const context = await contextFor(browser, baseURL, null);
    const direct = await context.newPage();
    await direct.goto(link);
    await expect(direct.getByRole('heading', { name: 'Partnership agreement' })).toBeVisible();
    await direct.getByLabel('First name').fill('Gus');
    await direct.getByLabel('Last name').fill('Guest');
    await direct.getByRole('button', { name: 'Save' }).click();
    await expect(direct.getByText('Your details have been saved.')).toBeVisible();
    await signInView(direct);
    await expect(direct.getByRole('dialog', { name: 'Signed' })).toBeVisible({ timeout: 60_000 });
    await context.close();
  });

  await test.step('the sender sees it completed, downloads the zip and pdfsig verifies both PDFs', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/dashboard?tab=inbox&q=');
    const row = page.getByRole('list', { name: 'Signature requests' }).getByRole('link', {
      name: /Partnership agreement/,
    });
    await expect(row).toContainText('Completed');
    await expect(row).toContainText('2 of 2 signed');
    await row.click();
    await expect(page).toHaveURL(/\/view\//);
    await saveScreenshot(page, 'send-04-completed');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'All signed documents (ZIP)' }).click(),
    ]);
    const zip = unzipSync(readFileSync(await download.path()));
    const pdfs = Object.entries(zip).filter(([name]) => name.endsWith('.pdf'));
    expect(pdfs).toHaveLength(2);

    const root = await request.get('/trust/ca/root.cer');
    expect(root.ok()).toBe(true);
    const rootDer = await root.body();
    for (const [name, bytes] of pdfs) {
      const verdict = await judgeSignedPdf(bytes, rootDer);
      // pdfsig: both signers' signatures valid and chained to our root
      expect(verdict.signatures, `${name}\n${verdict.output}`).toHaveLength(2);
      for (const signature of verdict.signatures) {
        expect(signature.valid, `${name}\n${verdict.output}`).toBe(true);
        expect(signature.trusted, `${name}\n${verdict.output}`).toBe(true);
      }
      // openssl: the document time-stamp of B-LTA (the TSA's own revocation data may follow it)
      expect(verdict.timestamps.length, `${name}\n${verdict.output}`).toBeGreaterThanOrEqual(1);
      expect(
        verdict.timestamps.every((t) => t.ok),
        `${name}\n${verdict.output}`,
      ).toBe(true);
    }
  });
});
