// Preparing a request in steps, at a desktop and a phone size: a sender uploads a PDF, adds two
// signers, places every kind of field from the palette (one optional, one moved by keyboard, on
// the desktop one dragged onto a later page), reloads in the middle of an edit and leaves in the
// middle of another without losing either, is asked about the signer who has no signature field,
// and sends. The server then holds every field as placed. A second journey tidies drafts: a
// document removed from a draft (after asking; the only one too), several drafts deleted at once, a sent request duplicated. And the
// Test System notice, checked to lie over no control.
import path from 'node:path';
import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { realWorldPdfDir } from '../packages/pdf/src/test-corpus.js';
import {
  contextFor,
  createAccount,
  expectAccessible,
  saveScreenshot,
  sendRequest,
  uniqueEmail,
} from './support.js';
import type { Account } from './support.js';

const corpus = realWorldPdfDir();
const fourPages = path.join(corpus, 'pdflatex-4-pages.pdf');
const onePage = path.join(corpus, '002-trivial-libre-office-writer.pdf');
const kinds = ['Signature', 'Initials', 'Date signed', 'Name', 'Text', 'Check box'] as const;

interface StoredField {
  kind: string;
  required: boolean;
  page: number;
  x: number;
  y: number;
  signerId: string;
}
interface StoredRequest {
  status: string;
  title: string;
  fields: StoredField[];
  documents: { id: string; file_name: string }[];
  signatures: { id: string; email_address?: string; account_email?: string }[];
}

async function stored(request: APIRequestContext, owner: Account, id: string) {
  const response = await request.get(`/v3/signature-requests/${id}`, {
    headers: { authorization: `Bearer ${owner.token}` },
  });
  return { status: response.status(), body: (await response.json()) as StoredRequest };
}

/** Follows a link of the main navigation, opening the phone menu first when it is folded. */
async function followNav(page: Page, name: string) {
  const menu = page.getByRole('button', { name: 'Menu' });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name }).click();
}

const sizes = [
  { name: 'desktop', viewport: { width: 1280, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

for (const size of sizes) {
  test(`${size.name}: every kind of field placed in steps, nothing lost on reload or leaving, then sent`, async ({
    browser,
    request,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const sender = await createAccount(request, `flow-${size.name}`, 'Sid');
    const ann = { email: uniqueEmail('ann'), name: 'Ann Able' };
    const ben = { email: uniqueEmail('ben'), name: 'Ben Baker' };
    const context = await contextFor(browser, baseURL, sender.token, size.viewport);
    const page = await context.newPage();
    // the browser's own question on reload (a change not yet saved): leave
    page.on('dialog', (dialog) => void dialog.accept());
    const palette = page.getByRole('group', { name: 'Field types' });
    const fieldsOf = (name: string, kind: string) => page.getByRole('button', { name: `${kind} of ${name}` });
    let draftId = '';

    await test.step('documents: upload a PDF and give the request a title', async () => {
      await page.goto('/upload');
      await page.getByLabel('Choose PDF files').setInputFiles([fourPages]);
      await expect(page).toHaveURL(/\/upload\?draft=/);
      draftId = new URL(page.url()).searchParams.get('draft') ?? '';
      await expect(page.getByText('pdflatex-4-pages.pdf')).toBeVisible();
      await page.getByLabel('Title').fill(`Supply contract (${size.name})`);
      await page.getByRole('button', { name: 'Next: Recipients' }).click();
      await expect(page).toHaveURL(/step=recipients/);
    });

    await test.step('recipients: two signers with names', async () => {
      for (const { email, name } of [ann, ben]) {
        await page.getByRole('combobox', { name: 'Signer’s e-mail address' }).fill(email);
        await page.getByLabel('Signer’s name (optional)').fill(name);
        await page.getByRole('button', { name: 'Add signer' }).click();
        await expect(page.getByRole('button', { name: `Remove ${email}` })).toBeVisible();
      }
      await expectAccessible(page);
      await page.getByRole('button', { name: 'Next: Fields' }).click();
      await expect(page).toHaveURL(/step=fields/);
    });

    await test.step('fields: all six kinds for Ann, one optional, one moved by keyboard', async () => {
      await expect(page.getByRole('img', { name: /^Page 1 of / })).toBeVisible();
      await page.getByRole('radio', { name: ann.name }).check();
      for (const kind of kinds) {
        await palette.getByRole('button', { name: kind, exact: true }).click();
        await expect(fieldsOf(ann.name, kind)).toHaveCount(1);
      }
      // the check box just placed has the focus: the keyboard moves it down
      const checkbox = fieldsOf(ann.name, 'Check box');
      await expect(checkbox).toBeFocused();
      const before = await checkbox.boundingBox();
      for (let i = 0; i < 4; i += 1) await page.keyboard.press('Shift+ArrowDown');
      expect((await checkbox.boundingBox())?.y).toBeGreaterThan((before?.y ?? 0) + 10);
      // the text field is optional
      await fieldsOf(ann.name, 'Text').focus();
      await page.getByRole('checkbox', { name: 'Required' }).uncheck();
      await expect(page.getByRole('button', { name: `Text of ${ann.name} (optional)` })).toBeVisible();
      if (size.name === 'desktop') {
        // dragged from the palette onto the third page
        const pageThree = page.getByTestId('editor-page').nth(2);
        await pageThree.scrollIntoViewIfNeeded();
        await palette.getByRole('button', { name: 'Initials', exact: true }).dragTo(pageThree);
        await expect(pageThree.getByRole('button', { name: `Initials of ${ann.name}` })).toBeVisible();
      }
      await expect(page.getByText('All changes saved')).toBeVisible();
      await expectAccessible(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await saveScreenshot(page, `sender-flow-fields-${size.name}`);
    });

    await test.step('a reload in the middle of an edit loses nothing', async () => {
      await palette.getByRole('button', { name: 'Name', exact: true }).click();
      await expect(fieldsOf(ann.name, 'Name')).toHaveCount(2);
      await page.reload(); // sooner than the save that follows a change
      await expect(page).toHaveURL(/step=fields/);
      await expect(fieldsOf(ann.name, 'Name')).toHaveCount(2);
      await expect(page.getByText('All changes saved')).toBeVisible();
    });

    await test.step('leaving with a change not yet saved asks first; staying keeps it', async () => {
      // the save that follows the change is held, so "not yet saved" does not depend on how fast
      // the menu opens compared with the autosave delay
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(`**/v3/signature-requests/${draftId}/fields`, async (route) => {
        await held;
        await route.continue();
      });
      await fieldsOf(ann.name, 'Name').nth(1).focus();
      await page.keyboard.press('Delete');
      await expect(fieldsOf(ann.name, 'Name')).toHaveCount(1);
      await followNav(page, 'Dashboard');
      const leave = page.getByRole('dialog', { name: 'Leave this page?' });
      await expect(leave).toBeVisible();
      await expectAccessible(page);
      await leave.getByRole('button', { name: 'Stay' }).click();
      // from here on every save goes straight through
      release();
      await expect(page).toHaveURL(/\/upload\?draft=.*step=fields/);
      await expect(page.getByText('All changes saved')).toBeVisible();
      await followNav(page, 'Dashboard');
      await expect(page).toHaveURL(/\/dashboard/);
      const { body } = await stored(request, sender, draftId);
      expect(body.fields.filter((f) => f.kind === 'name')).toHaveLength(1);
      expect(body.fields.find((f) => f.kind === 'text')?.required).toBe(false);
    });

    await test.step('review and send: asked about Ben, who has no signature field', async () => {
      await page.goto(`/upload?draft=${draftId}&step=review`);
      await expect(page.getByText(`${ann.name} (${ann.email}):`)).toBeVisible();
      await expect(page.getByText(/Without a signature field on every document: Ben Baker/)).toBeVisible();
      await expectAccessible(page);
      await page.getByRole('button', { name: 'Send', exact: true }).click();
      const question = page.getByRole('dialog', { name: 'Send with an invisible signature?' });
      await expect(question).toContainText('Ben Baker');
      await question.getByRole('button', { name: 'Place fields first' }).click();
      await page.getByRole('button', { name: '3. Fields' }).click();
      await page.getByRole('radio', { name: ben.name }).check();
      await palette.getByRole('button', { name: 'Signature', exact: true }).click();
      await expect(fieldsOf(ben.name, 'Signature')).toHaveCount(1);
      await page.getByRole('button', { name: 'Next: Review and send' }).click();
      await page.getByRole('button', { name: 'Send', exact: true }).click();
      await expect(page).toHaveURL(/\/dashboard\?tab=inbox&q=$/);
      await expect(page.getByText('Your request is on its way to the signers.')).toBeVisible();
    });

    await test.step('the server holds every field as placed', async () => {
      const { body } = await stored(request, sender, draftId);
      expect(body.status).toBe('open');
      const kindsStored = new Set(body.fields.map((f) => f.kind));
      expect([...kindsStored].sort()).toEqual([
        'checkbox',
        'date_signed',
        'initials',
        'name',
        'signature',
        'text',
      ]);
      expect(body.fields.filter((f) => f.kind === 'signature')).toHaveLength(2);
      if (size.name === 'desktop')
        expect(body.fields.some((f) => f.kind === 'initials' && f.page === 3)).toBe(true);
    });
    await context.close();
  });
}

test('drafts: a document removed, several drafts deleted at once, a sent request duplicated', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const sender = await createAccount(request, 'tidy', 'Tia');
  const signers = [{ email: uniqueEmail('signer'), name: 'Sam Signer' }];
  const file = 'pdflatex-4-pages.pdf';
  const first = await sendRequest(request, sender, { title: 'Old offer A', file, signers, isDraft: true });
  const second = await sendRequest(request, sender, { title: 'Old offer B', file, signers, isDraft: true });
  const sent = await sendRequest(request, sender, { title: 'Framework agreement', file, signers });
  const context = await contextFor(browser, baseURL, sender.token);
  const page = await context.newPage();

  await test.step('a document is removed from a draft', async () => {
    await page.goto('/upload');
    await page.getByLabel('Choose PDF files').setInputFiles([fourPages, onePage]);
    await expect(page).toHaveURL(/\/upload\?draft=/);
    const draftId = new URL(page.url()).searchParams.get('draft') ?? '';
    await page.getByRole('button', { name: 'Remove 002-trivial-libre-office-writer.pdf' }).click();
    const question = page.getByRole('dialog', { name: 'Remove this document?' });
    await expect(question).toContainText('002-trivial-libre-office-writer.pdf');
    await question.getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByText('002-trivial-libre-office-writer.pdf')).toHaveCount(0);
    expect((await stored(request, sender, draftId)).body.documents).toHaveLength(1);
    // the only document too: the draft then waits for another before it can be sent
    await page.getByRole('button', { name: 'Remove pdflatex-4-pages.pdf' }).click();
    await page
      .getByRole('dialog', { name: 'Remove this document?' })
      .getByRole('button', { name: 'Remove' })
      .click();
    await expect(page.getByText('No document yet: add one before sending.')).toBeVisible();
    expect((await stored(request, sender, draftId)).body.documents).toHaveLength(0);
  });

  await test.step('two drafts are deleted at once after the delete-documents question', async () => {
    await page.goto('/dashboard?tab=drafts&q=');
    await page.getByRole('checkbox', { name: 'Select “Old offer A”' }).check();
    await page.getByRole('checkbox', { name: 'Select “Old offer B”' }).check();
    await page.getByRole('button', { name: 'Delete selected drafts (2)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete documents?' });
    await expect(dialog).toContainText('2 drafts and their documents will be deleted');
    await expect(dialog).toContainText('Old offer A');
    await expect(dialog).toContainText('Old offer B');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page.getByText('2 drafts have been deleted.')).toBeVisible();
    await expect(page.getByRole('link', { name: /Old offer/ })).toHaveCount(0);
    expect((await stored(request, sender, first.id)).status).toBe(404);
    expect((await stored(request, sender, second.id)).status).toBe(404);
    await expectAccessible(page);
  });

  await test.step('a sent request is duplicated into a new draft', async () => {
    await page.goto('/dashboard?tab=inbox&q=');
    await page.getByRole('button', { name: 'Duplicate “Framework agreement”' }).click();
    await expect(page).toHaveURL(/\/upload\?draft=/);
    const copyId = new URL(page.url()).searchParams.get('draft') ?? '';
    expect(copyId).not.toBe(sent.id);
    await expect(page.getByLabel('Title')).toHaveValue('Framework agreement');
    const { body } = await stored(request, sender, copyId);
    expect(body.status).toBe('draft');
    expect(body.documents).toHaveLength(1);
  });
  await context.close();
});

test('the Test System notice lies over no control, on a phone or a desktop', async ({ browser, baseURL }) => {
  for (const viewport of [
    { width: 320, height: 640 },
    { width: 1280, height: 800 },
  ]) {
    const context = await browser.newContext({ baseURL, viewport, locale: 'en-GB' });
    const page = await context.newPage();
    await page.goto('/login');
    const notice = page.getByRole('region', { name: 'Test System' });
    await expect(notice).toBeVisible();
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
    const covered = await page.evaluate(() => {
      const box = document.querySelector('[data-testid="test-system-overlay"]')!.getBoundingClientRect();
      const controls = [...document.querySelectorAll('a, button, input, select, textarea, label')];
      return controls
        .filter((control) => !control.closest('[data-testid="test-system-overlay"]'))
        .filter((control) => {
          const r = control.getBoundingClientRect();
          // visually hidden (a skip link until it has the focus) or not laid out
          const style = getComputedStyle(control);
          if (style.clip === 'rect(0px, 0px, 0px, 0px)' || style.clipPath.startsWith('inset(50%'))
            return false;
          if (r.width === 0 || r.height === 0) return false;
          return r.left < box.right && box.left < r.right && r.top < box.bottom && box.top < r.bottom;
        })
        .map(
          (control) => control.textContent?.trim() || control.getAttribute('aria-label') || control.tagName,
        );
    });
    expect(covered, `controls under the notice at ${viewport.width} px`).toEqual([]);
    await expectAccessible(page);
    await context.close();
  }
});
