// The signer's journeys: an account holder signs at /view/{srid} (also on a 375 px
// phone, with a long real-world PDF), a signer declines with a message that the sender then reads,
// and a person with only the mailed link signs and, asked first (no business registered the
// address's origin, ADR 064), goes to the integrator's exit address, while an injected
// javascript: error address is ignored; on a 320 px phone a failed signature offers the exit
// address and a decline asks before going to the decline address. Requests are set up through
// the API; exit-origins.spec.ts follows a registered origin's countdown.
import { expect, test } from '@playwright/test';
import {
  agreeAndSign,
  contextFor,
  createAccount,
  expectAccessible,
  readMailLink,
  saveScreenshot,
  sendRequest,
  signInView,
  uniqueEmail,
} from './support.js';

test('an account holder signs at /view/{srid}, also comfortably on a 375 px phone', async ({
  browser,
  request,
  baseURL,
}) => {
  // a 117-page real-world PDF: rendering its first pages and signing it takes longer than a form
  test.setTimeout(150_000);
  const sender = await createAccount(request, 'sender-a', 'Sally');
  const signer = await createAccount(request, 'signer-a', 'Ada');
  const long = await sendRequest(request, sender, {
    title: 'Geotechnical report',
    file: 'GeoTopo-komprimiert.pdf',
    signers: [{ email: signer.email }],
  });

  const phone = await contextFor(browser, baseURL, signer.token, { width: 375, height: 812 });
  const page = await phone.newPage();
  const pageImages: string[] = [];
  page.on('request', (r) => {
    // the sharp images only: each page's blurred 10x10 placeholder is a request of its own
    const url = new URL(r.url());
    if (/\/v3\/documents\/[^/]+\/pages\/\d+$/.test(url.pathname) && !url.searchParams.has('placeholder'))
      pageImages.push(r.url());
  });

  await test.step('the document opens on a phone, loading only the pages near the screen', async () => {
    await page.goto(`/view/${long.id}`);
    await expect(page.getByRole('heading', { name: 'Geotechnical report' })).toBeVisible();
    await expect(page.getByTestId('document-page').first()).toHaveAttribute('data-state', 'loaded');
    const total = await page.getByTestId('document-page').count();
    expect(total).toBeGreaterThanOrEqual(30);
    // the lazy loader fetched a handful of pages, not the whole document
    expect(pageImages.length).toBeLessThan(8);
    console.log(`sign.spec: ${pageImages.length} of ${total} page images fetched on opening, 375 px wide`);
    // pages fit the phone: no sideways scrolling
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await saveScreenshot(page, 'sign-01-view-phone');
  });

  await test.step('deep in the document the sign button is still at hand', async () => {
    await page.getByTestId('document-page').nth(29).scrollIntoViewIfNeeded();
    await expect(page.getByTestId('document-page').nth(29)).toHaveAttribute('data-state', 'loaded');
    const signButton = page
      .getByRole('region', { name: 'Sign or decline' })
      .getByRole('button', { name: 'Sign' });
    await expect(signButton).toBeInViewport();
    const box = await signButton.boundingBox();
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
    await expectAccessible(page);
    await signButton.click();
    await agreeAndSign(page);
    await expect(page.getByRole('dialog', { name: 'Signed' })).toBeVisible({ timeout: 30_000 });
    await saveScreenshot(page, 'sign-02-signed-phone');
    await page.getByRole('button', { name: 'Done' }).click();
    await expect(page).toHaveURL(new RegExp(`/signed\\?srid=${long.id}$`));
    await expect(page.getByRole('heading', { name: 'Thank you for signing' })).toBeVisible();
  });
  await phone.close();

  await test.step('on a desktop the signer sees the request completed with their signature', async () => {
    const desktop = await contextFor(browser, baseURL, signer.token);
    const view = await desktop.newPage();
    await view.goto(`/view/${long.id}`);
    await expect(view.getByTestId('signer').first()).toContainText('Signed');
    await expect(view.getByText('Completed', { exact: true })).toBeVisible();
    await expect(view.getByRole('button', { name: 'Sign', exact: true })).toHaveCount(0);
    await expectAccessible(view);
    await saveScreenshot(view, 'sign-03-view-desktop-completed');
    await desktop.close();
  });
});

test('a signer declines with a message and the sender reads it', async ({ browser, request, baseURL }) => {
  const sender = await createAccount(request, 'sender-b', 'Sam');
  const signer = await createAccount(request, 'signer-b', 'Bea');
  const { id } = await sendRequest(request, sender, {
    title: 'Service contract',
    file: 'pdflatex-4-pages.pdf',
    signers: [{ email: signer.email }],
  });
  const message = 'The notice period is wrong; please send a corrected version.';

  // the smallest phone the app supports: a dialog taller than the screen scrolls inside its box
  const signerContext = await contextFor(browser, baseURL, signer.token, { width: 320, height: 568 });
  const page = await signerContext.newPage();
  await page.goto(`/view/${id}`);
  await page
    .getByRole('region', { name: 'Sign or decline' })
    .getByRole('button', { name: 'Decline' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Decline to sign' });
  await expect(dialog).toBeVisible();
  const tallContent = await dialog.evaluate((box) => {
    const spacer = document.createElement('div');
    spacer.style.height = '900px';
    box.prepend(spacer);
    const { top, bottom } = box.getBoundingClientRect();
    const fits = top >= 0 && bottom <= window.innerHeight;
    const scrolls = box.scrollHeight > box.clientHeight && getComputedStyle(box).overflowY === 'auto';
    spacer.remove();
    return { fits, scrolls };
  });
  expect(tallContent).toEqual({ fits: true, scrolls: true });
  for (let step = 0; step < 6; step++) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((box) => box.contains(document.activeElement))).toBe(true);
  }
  await dialog.getByLabel('Message (optional)').fill(message);
  await saveScreenshot(page, 'sign-04-decline-dialog');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Decline' }).click();
  await expect(page).toHaveURL(new RegExp(`/declined\\?srid=${id}$`));
  await expect(page.getByRole('heading', { name: 'You declined to sign' })).toBeVisible();
  await signerContext.close();

  const senderContext = await contextFor(browser, baseURL, sender.token);
  const senderPage = await senderContext.newPage();
  await senderPage.goto(`/view/${id}`);
  await expect(senderPage.getByText('Declined', { exact: true }).first()).toBeVisible();
  await expect(senderPage.getByTestId('signer')).toContainText(message);
  await saveScreenshot(senderPage, 'sign-05-sender-sees-decline');
  await senderContext.close();
});

test('a link holder signs from the mailed link and, asked, goes to the exit address, never to javascript:', async ({
  browser,
  request,
  baseURL,
}) => {
  const sender = await createAccount(request, 'sender-c', 'Sid');
  const linkHolder = uniqueEmail('direct-c');
  const { id } = await sendRequest(request, sender, {
    title: 'Delivery note',
    file: '002-trivial-libre-office-writer.pdf',
    signers: [{ email: linkHolder, name: 'Dana Direct' }],
  });
  const link = await readMailLink(request, linkHolder, new RegExp(`/view/${id}/[^/?]+\\?token=`));

  const context = await contextFor(browser, baseURL, null, { width: 390, height: 844 });
  const page = await context.newPage();
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  // the integrator's page, served here so no network is needed
  await page.route('https://example.org/**', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'text/html',
      body: '<title>Example</title><h1>Back at Example</h1>',
    }),
  );

  await page.goto(
    `${link}&exit=${encodeURIComponent('https://example.org')}&error=javascript:alert(1)&redirectTimeout=10`,
  );
  await expect(page.getByRole('heading', { name: 'Delivery note' })).toBeVisible();
  await expect(page).not.toHaveURL(/token=/);
  await expect(page.getByTestId('document-page').first()).toHaveAttribute('data-state', 'loaded');
  await expectAccessible(page);
  await saveScreenshot(page, 'sign-06-direct-view');

  // on a phone the document comes first; the name is behind the header's Details
  await page.getByRole('button', { name: 'Details' }).click();
  await page.getByLabel('First name').fill('Dana');
  await page.getByLabel('Last name').fill('Direct');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Your details have been saved.')).toBeVisible();

  await signInView(page);
  const overlay = page.getByRole('dialog', { name: 'Signed' });
  await expect(overlay).toBeVisible({ timeout: 30_000 });
  // nobody registered example.org: the signer is asked, and nothing counts down
  await expect(overlay.getByTestId('leave-host')).toHaveText('example.org');
  await expect(overlay.getByTestId('exit-countdown')).toHaveCount(0);
  await saveScreenshot(page, 'sign-07-direct-signed-asked');
  await overlay.getByRole('button', { name: 'Leave to example.org' }).click();
  await expect(page).toHaveURL('https://example.org/');
  await expect(page.getByRole('heading', { name: 'Back at Example' })).toBeVisible();
  expect(dialogs).toEqual([]);
  await context.close();

  const state = await request.get(`/v3/signature-requests/${id}`, {
    headers: { authorization: `Bearer ${sender.token}` },
  });
  expect(((await state.json()) as { status: string }).status).toBe('completed');
});

test('on a 320 px phone a failed signature offers the exit address (never javascript:) and a decline asks before the decline address', async ({
  browser,
  request,
  baseURL,
}) => {
  const sender = await createAccount(request, 'sender-d', 'Sue');
  const linkHolder = uniqueEmail('direct-d');
  const requests: { id: string }[] = [];
  for (const title of ['Lease', 'Lease annex'])
    requests.push(
      await sendRequest(request, sender, {
        title,
        file: '002-trivial-libre-office-writer.pdf',
        signers: [{ email: linkHolder }],
      }),
    );
  const links: string[] = [];
  for (const { id } of requests)
    links.push(await readMailLink(request, linkHolder, new RegExp(`/view/${id}/[^/?]+\\?token=`)));

  const context = await contextFor(browser, baseURL, null, { width: 320, height: 640 });
  const page = await context.newPage();
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await page.route('https://example.org/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>Example</h1>' }),
  );
  const redirects = `&exit=${encodeURIComponent('https://example.org/done')}&error=javascript:alert(1)&decline=${encodeURIComponent('https://example.org/declined')}`;
  const expectNoSideways = async () =>
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);

  await test.step('the signature fails: the failure overlay offers the exit address', async () => {
    await page.goto(`${links[0]}${redirects}`);
    await expect(page.getByRole('heading', { name: 'Lease' })).toBeVisible();
    await expectNoSideways();
    // the server refuses this one attempt, as it would for a request that ended meanwhile
    await page.route('**/v3/direct/sign**', (route) =>
      route.fulfill({
        status: 409,
        contentType: 'application/problem+json',
        body: JSON.stringify({
          type: 'about:blank',
          title: 'Conflict',
          status: 409,
          code: 'signature_request.invalid_state',
        }),
      }),
    );
    await signInView(page);
    const overlay = page.getByRole('dialog', { name: 'Signing failed' });
    await expect(overlay).toBeVisible();
    await saveScreenshot(page, 'sign-08-failed-320');
    await overlay.getByRole('button', { name: 'Continue to example.org' }).click();
    await expect(page).toHaveURL('https://example.org/done');
    await page.unroute('**/v3/direct/sign**');
  });

  await test.step('the other request is declined: asked, then to the decline address', async () => {
    await page.goto(`${baseURL}${links[1]}${redirects}`);
    await expect(page.getByRole('heading', { name: 'Lease annex' })).toBeVisible();
    await page
      .getByRole('region', { name: 'Sign or decline' })
      .getByRole('button', { name: 'Decline' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Decline to sign' });
    await expect(dialog).toBeInViewport();
    await expectNoSideways();
    await dialog.getByRole('button', { name: 'Decline' }).click();
    const question = page.getByRole('dialog', { name: 'Leave for another site?' });
    await expect(question.getByTestId('leave-host')).toHaveText('example.org');
    await expectNoSideways();
    await expectAccessible(page);
    await question.getByRole('button', { name: 'Leave to example.org' }).click();
    await expect(page).toHaveURL('https://example.org/declined');
  });
  expect(dialogs).toEqual([]);
  await context.close();

  const states: string[] = [];
  for (const { id } of requests) {
    const state = await request.get(`/v3/signature-requests/${id}`, {
      headers: { authorization: `Bearer ${sender.token}` },
    });
    states.push(((await state.json()) as { status: string }).status);
  }
  expect(states).toEqual(['open', 'declined']);
});
