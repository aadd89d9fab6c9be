// Guided signing with fields to fill, at both ends of the screen sizes (each signer on a desktop
// in one run and on a 320 px phone in the other), and the link holder's way through to the end:
// an account holder draws a new visual signature (kept among theirs), fills a text field and a
// check box on the page, signs their box, reviews what they filled in and consents; a link
// holder, their name already filled in, draws their own signature for this link and does the same
// field by field from the bar at the foot of the screen (on the phone in the field-by-field view,
// one field at a time). Their signature completes the request; their link then shows the outcome and serves
// the signed document and the signature protocol. The values are in the protocol, and pdfsig
// finds both signatures valid. axe finds no serious or critical violation on these screens.
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { judgeSignedPdf } from './signed-pdfs.js';
import {
  consentCheckbox,
  contextFor,
  createAccount,
  expectAccessible,
  readMailLink,
  saveScreenshot,
  sendRequest,
  uniqueEmail,
} from './support.js';

interface FilledField {
  field_id: string;
  kind: string;
  label: string;
  value: string;
}

/** Each signer's signature, a required text field, the date signed and an optional check box. */
function fieldsFor(documentId: string, signerIds: string[]) {
  return signerIds.flatMap((signerId, i) => {
    const x = 40 + i * 280;
    const at = { document_id: documentId, signer_id: signerId, page: 1 };
    return [
      { id: `role-${i}-field`, kind: 'text', label: 'Your role', ...at, x, y: 720, width: 200, height: 22 },
      {
        id: `news-${i}-field`,
        kind: 'checkbox',
        required: false,
        label: 'Send me the newsletter',
        ...at,
        x,
        y: 680,
        width: 16,
        height: 16,
      },
      { id: `date-${i}-field`, kind: 'date_signed', ...at, x, y: 640, width: 120, height: 20 },
      { id: `sign-${i}-field`, kind: 'signature', ...at, x, y: 520, width: 160, height: 70 },
    ];
  });
}

const noSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** Chooses "Drawn" in a new-signature panel and draws a stroke with the mouse. */
async function drawSignature(page: Page, panel: Locator) {
  await panel.getByRole('radio', { name: 'Drawn' }).check();
  const pad = panel.getByRole('img', { name: 'Draw your signature here' });
  // the drawing library loads with the box
  await expect(pad).toHaveAttribute('data-ready', 'true');
  // in the middle of the screen, clear of the sign bar at its foot, as a person would draw
  await pad.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  const box = (await pad.boundingBox())!;
  const at = (fx: number, fy: number) => [box.x + box.width * fx, box.y + box.height * fy] as const;
  await page.mouse.move(...at(0.1, 0.7));
  await page.mouse.down();
  for (const [fx, fy] of [
    [0.3, 0.3],
    [0.5, 0.75],
    [0.7, 0.25],
    [0.9, 0.7],
  ] as const)
    await page.mouse.move(...at(fx, fy), { steps: 8 });
  await page.mouse.up();
}

const DESKTOP = { name: 'desktop', width: 1280, height: 900 };
const PHONE = { name: '320 px phone', width: 320, height: 640 };

/**
 * The phone's field-by-field view, entered from the bar at the first field: one field at a time,
 * filling the screen's width, paged with buttons large enough for a thumb at the foot of the
 * screen; the text typed stays when coming back; the signature is signed there.
 */
async function fieldByField(page: Page, bar: Locator) {
  const focus = page.getByRole('region', { name: 'Field by field' });
  const position = focus.getByTestId('focus-position');
  await expect(position).toHaveText('Field 1 of 3');
  const current = focus.getByTestId('my-field').and(focus.locator('[data-kind="text"]'));
  await expect(current).toBeInViewport();
  expect((await current.boundingBox())?.width ?? 0).toBeGreaterThanOrEqual(PHONE.width * 0.6);
  const previous = bar.getByRole('button', { name: 'Previous field' });
  const next = bar.getByRole('button', { name: 'Next field' });
  await expect(previous).toBeDisabled();
  for (const button of [previous, next]) {
    const box = (await button.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
    // in the lower half of the screen, where a thumb reaches
    expect(box.y).toBeGreaterThanOrEqual(PHONE.height / 2);
  }
  await next.click();
  await expect(position).toHaveText('Field 2 of 3');
  await expect(bar.getByLabel('Send me the newsletter')).not.toBeChecked();
  await previous.click();
  await expect(bar.getByLabel('Your role (required)')).toHaveValue('Landlord');
  await next.click();
  await next.click();
  await expect(position).toHaveText('Field 3 of 3');
  await expect(next).toBeDisabled();
  await expectAccessible(page);
  await saveScreenshot(page, 'guided-02b-link-field-by-field-phone');
  const signHere = bar.getByRole('button', { name: 'Sign here' });
  const box = (await signHere.boundingBox())!;
  expect(box.height).toBeGreaterThanOrEqual(44);
  expect(box.y).toBeGreaterThanOrEqual(PHONE.height / 2);
  await signHere.click();
  await expect(bar.getByTestId('field-progress')).toHaveText('Fields done: 2 of 3');
  await focus.getByRole('button', { name: 'Whole document' }).click();
  await expect(focus).toHaveCount(0);
}

// both ways round: the account holder at one size and the link holder at the other
for (const [accountSize, linkSize] of [
  [DESKTOP, PHONE],
  [PHONE, DESKTOP],
] as const)
  test(`two signers fill their fields and consent, the account holder on a ${accountSize.name}, the link holder on a ${linkSize.name}, who then downloads the result`, async ({
    browser,
    request,
    baseURL,
  }) => {
    const shot = (name: string, size: typeof DESKTOP | typeof PHONE) =>
      `guided-${name}-${size === PHONE ? 'phone' : 'desktop'}`;
    test.setTimeout(150_000);
    const sender = await createAccount(request, 'sender-g', 'Greta');
    const ada = await createAccount(request, 'signer-g', 'Ada');
    const dana = uniqueEmail('direct-g');
    const headers = { authorization: `Bearer ${sender.token}` };
    const draft = await sendRequest(request, sender, {
      title: 'Tenancy agreement',
      file: '002-trivial-libre-office-writer.pdf',
      signers: [{ email: ada.email }, { email: dana, name: 'Dana Direct' }],
      isDraft: true,
    });
    const documentId = (
      (await (await request.get(`/v3/signature-requests/${draft.id}`, { headers })).json()) as {
        documents: { id: string }[];
      }
    ).documents[0]!.id;
    const saved = await request.put(`/v3/signature-requests/${draft.id}/fields`, {
      headers,
      data: { fields: fieldsFor(documentId, draft.signerIds) },
    });
    expect(saved.ok(), await saved.text()).toBe(true);
    const initiated = await request.post(`/v3/signature-requests/${draft.id}/initiate`, { headers });
    expect(initiated.ok(), await initiated.text()).toBe(true);

    await test.step('fields filled on the page, a drawn signature, a review, the consent, then the signature', async () => {
      const context = await contextFor(browser, baseURL, ada.token, accountSize);
      const page = await context.newPage();
      await page.goto(`/view/${draft.id}`);
      await expect(page.getByRole('heading', { name: 'Tenancy agreement' })).toBeVisible();
      await expect(page.getByTestId('document-page').first()).toHaveAttribute('data-state', 'loaded');
      const bar = page.getByRole('region', { name: 'Sign or decline' });
      await expect(bar.getByTestId('field-progress')).toHaveText('Fields done: 0 of 3');
      // every field names its signer; the other signer's ones are only shown
      await expect(page.getByTestId('field-box').filter({ hasText: 'Dana Direct' })).toHaveCount(4);
      await expectAccessible(page);

      // a signature drawn with the mouse, kept among Ada's visual signatures and chosen for this one;
      // a phone shows the document first, the signatures behind Details
      if (accountSize === PHONE) await page.getByRole('button', { name: 'Details' }).click();
      await page.getByRole('button', { name: 'New signature' }).click();
      const panel = page.getByTestId('new-visual-signature');
      await drawSignature(page, panel);
      await expectAccessible(page);
      await panel.getByRole('button', { name: 'Use this signature' }).click();
      await expect(page.getByRole('radio', { name: /Drawn 1/ })).toBeChecked();
      await expect(page.getByTestId('visual-preview')).toBeVisible();

      await page.getByRole('button', { name: /^Your role: fill in \(text field for / }).click();
      await bar.getByLabel('Your role (required)').fill('Tenant');
      await page.getByRole('button', { name: /Send me the newsletter \(check box for / }).click();
      await expect(bar.getByLabel('Send me the newsletter')).toBeChecked();
      await page
        .getByTestId('my-field')
        .and(page.getByRole('button', { name: /Sign here$/ }))
        .click();
      await expect(bar.getByTestId('field-progress')).toHaveText('Fields done: 3 of 3');
      await saveScreenshot(page, shot('01-account-filled', accountSize));

      await bar.getByRole('button', { name: 'Sign', exact: true }).click();
      const review = page.getByRole('dialog', { name: 'Review and sign' });
      await expect(review.getByTestId('review-value')).toHaveText(['Tenant', 'ticked']);
      await expectAccessible(page);
      await review.getByRole('button', { name: 'Sign now' }).click();
      await expect(review.getByText('Please tick the box to agree to sign electronically.')).toBeVisible();
      await consentCheckbox(review).check();
      await review.getByRole('button', { name: 'Sign now' }).click();
      await expect(page.getByRole('dialog', { name: 'Signed' })).toBeVisible({ timeout: 30_000 });
      await context.close();
    });

    const link = await readMailLink(request, dana, new RegExp(`/view/${draft.id}/[^/?]+\\?token=`));
    await test.step('a link holder: the name is there, and the bar takes each field in turn', async () => {
      const context = await contextFor(browser, baseURL, null, linkSize);
      const page = await context.newPage();
      await page.goto(link);
      await expect(page.getByRole('heading', { name: 'Tenancy agreement' })).toBeVisible();
      // a phone shows the document first: the name and the signature are behind Details
      if (linkSize === PHONE) await page.getByRole('button', { name: 'Details' }).click();
      await expect(page.getByLabel('First name')).toHaveValue('Dana');
      await expect(page.getByLabel('Last name')).toHaveValue('Direct');
      const bar = page.getByRole('region', { name: 'Sign or decline' });
      await expect(bar.getByTestId('field-progress')).toHaveText('Fields done: 0 of 3');

      // no account, yet a signature of their own: drawn here, kept for this link's signature
      await expect(page.getByText('Your signature will show the name Dana Direct.')).toBeVisible();
      await page.getByRole('button', { name: 'Draw or upload your signature' }).click();
      await drawSignature(page, page.getByTestId('new-visual-signature'));
      await expectAccessible(page);
      await page.getByRole('button', { name: 'Use this signature' }).click();
      await expect(page.getByText('Your signature will show the image you gave.')).toBeVisible();
      await expect(page.getByRole('img', { name: /^Preview of your signature/ })).toBeVisible();

      // "Sign" before the fields leads to the first one to do: the text field, whose input is in the bar
      await bar.getByRole('button', { name: 'Sign', exact: true }).click();
      const role = bar.getByLabel('Your role (required)');
      await expect(role).toBeInViewport();
      await role.fill('Landlord');
      await expectAccessible(page);
      await saveScreenshot(page, shot('02-link-text-in-bar', linkSize));
      if (linkSize === PHONE) await fieldByField(page, bar);
      else {
        // required fields first: the signature, signed from the bar under the thumb
        await bar.getByRole('button', { name: 'Next field' }).click();
        const signHere = bar.getByRole('button', { name: 'Sign here' });
        expect((await signHere.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
        await signHere.click();
        await bar.getByRole('button', { name: 'Next field' }).click();
        await expect(bar.getByLabel('Send me the newsletter')).not.toBeChecked();
      }
      expect(await noSideways(page)).toBeLessThanOrEqual(0);

      await bar.getByRole('button', { name: 'Sign', exact: true }).click();
      const review = page.getByRole('dialog', { name: 'Review and sign' });
      await expect(review.getByTestId('review-value')).toHaveText(['Landlord', 'not ticked']);
      await consentCheckbox(review).check();
      await saveScreenshot(page, shot('03-link-review', linkSize));
      await review.getByRole('button', { name: 'Sign now' }).click();
      await expect(page.getByRole('dialog', { name: 'Signed' })).toBeVisible({ timeout: 30_000 });
      await context.close();
    });

    await test.step('after completion the link shows the outcome and serves the signed document and the protocol', async () => {
      const context = await contextFor(browser, baseURL, null, linkSize);
      const page = await context.newPage();
      await page.goto(link);
      await expect(page.getByText('Everyone has signed this request. It is complete.')).toBeVisible();
      await expect(page.getByTestId('link-available-until')).toBeVisible();
      await expect(page.getByRole('region', { name: 'Sign or decline' })).toHaveCount(0);
      await expectAccessible(page);
      await saveScreenshot(page, shot('04-link-after-completion', linkSize));
      const [signed] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: /^Signed: / }).click(),
      ]);
      const [report] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Signature protocol' }).click(),
      ]);
      const signedBytes = readFileSync(await signed.path());
      expect(
        readFileSync(await report.path())
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');

      const rootDer = await (await request.get('/trust/ca/root.cer')).body();
      const verdict = await judgeSignedPdf(signedBytes, rootDer);
      expect(verdict.signatures, verdict.output).toHaveLength(2);
      expect(
        verdict.signatures.every((s) => s.valid && s.trusted),
        verdict.output,
      ).toBe(true);
      await context.close();
    });

    const visuals = (await (
      await request.get('/v1/user/visual-signatures', { headers: { authorization: `Bearer ${ada.token}` } })
    ).json()) as { items: { alias: string; has_custom_image: boolean }[] };
    expect(visuals.items.map((v) => [v.alias, v.has_custom_image])).toEqual([['Drawn 1', true]]);

    const protocol = (await (
      await request.get(`/v3/signature-requests/${draft.id}/report?type=json`, { headers })
    ).json()) as { signers: { filled_fields: FilledField[] }[] };
    expect(protocol.signers.map((s) => s.filled_fields.map((f) => [f.kind, f.value]))).toEqual([
      [
        ['text', 'Tenant'],
        ['checkbox', 'true'],
        ['date_signed', expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/)],
      ],
      [
        ['text', 'Landlord'],
        ['checkbox', 'false'],
        ['date_signed', expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/)],
      ],
    ]);
  });
