// A link holder opens a 117-page document on a phone (393 px wide, 3x): the first screen shows
// the request's essentials in one compact bar and the top of page 1 under it. Page 1 comes
// blurred from its 10x10 placeholder first, then sharp at the screen's width and density, as
// WebP; scrolling down fetches the next pages ahead. The rest of the request (the name, the
// signature, the message) is behind Details. axe finds no serious or critical violation.
import { expect, test } from '@playwright/test';
import {
  createAccount,
  expectAccessible,
  readMailLink,
  saveScreenshot,
  sendRequest,
  uniqueEmail,
} from './support.js';

const PHONE = { width: 393, height: 852 };

test('a link holder on a phone sees the document first, page 1 coming blurred then sharp, the next pages fetched ahead', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const sender = await createAccount(request, 'sender-p', 'Petra');
  const holder = uniqueEmail('phone-p');
  const { id } = await sendRequest(request, sender, {
    title: 'Geotechnical survey',
    file: 'GeoTopo-komprimiert.pdf',
    signers: [{ email: holder, name: 'Paul Phone' }],
  });
  const link = await readMailLink(request, holder, new RegExp(`/view/${id}/[^/?]+\\?token=`));

  const context = await browser.newContext({
    baseURL,
    viewport: PHONE,
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
    locale: 'en-GB',
  });
  await context.addInitScript(() => localStorage.setItem('hide-staging-alert', 'true'));
  const page = await context.newPage();
  const asked: URL[] = [];
  page.on('request', (r) => {
    if (/\/v3\/direct\/documents\/[^/]+\/pages\/\d+/.test(r.url())) asked.push(new URL(r.url()));
  });
  // page 1's image is held back until the placeholder has been seen
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/v3\/direct\/documents\/[^/]+\/pages\/1\?/, async (route) => {
    if (new URL(route.request().url()).searchParams.get('placeholder') !== 'true') await held;
    await route.continue();
  });

  await page.goto(link);
  const bar = page.getByTestId('compact-header');
  // the machine may be busy: the first screen's code, texts and request come in first
  await expect(bar.getByRole('heading', { name: 'Geotechnical survey' })).toBeVisible({ timeout: 30_000 });
  await expect(bar.getByRole('button', { name: 'Details' })).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByLabel('First name')).toBeHidden();

  const first = page.getByTestId('document-page').first();
  const placeholder = first.locator('img[data-placeholder]');
  await expect(placeholder).toBeVisible();
  await expect(placeholder).toHaveCSS('filter', 'blur(3px)');
  // the top of page 1 on the first screen, under the bar
  const box = (await first.boundingBox())!;
  expect(box.y).toBeLessThan(PHONE.height * 0.35);
  expect(box.width).toBeGreaterThan(PHONE.width * 0.85);
  await saveScreenshot(page, 'phone-01-placeholder');

  release();
  const image = first.getByRole('img', { name: /^Page 1 of 117/ });
  await expect(image).toBeVisible();
  await expect(placeholder).toHaveCount(0);
  const sizes = await image.evaluate((img: HTMLImageElement) => ({
    natural: img.naturalWidth,
    shown: img.clientWidth * window.devicePixelRatio,
  }));
  // as sharp as the screen: at least as many pixels across as the screen has under it
  expect(sizes.natural).toBeGreaterThanOrEqual(sizes.shown);
  const pageOne = asked.find(
    (url) => url.pathname.endsWith('/pages/1') && !url.searchParams.has('placeholder'),
  );
  expect(pageOne?.searchParams.get('format')).toBe('webp');
  await expectAccessible(page);
  await saveScreenshot(page, 'phone-02-first-page');

  // scrolling down: the pages below the screen are fetched before they come into view
  await page.getByTestId('document-page').nth(4).scrollIntoViewIfNeeded();
  await expect(page.getByTestId('document-page').nth(4)).toHaveAttribute('data-state', 'loaded');
  await expect
    .poll(() =>
      Math.max(
        ...asked
          .filter((url) => !url.searchParams.has('placeholder'))
          .map((url) => Number(/\/pages\/(\d+)/.exec(url.pathname)![1])),
      ),
    )
    .toBeGreaterThanOrEqual(7);
  // and not the whole document
  expect(new Set(asked.map((url) => url.pathname)).size).toBeLessThan(20);

  await page.evaluate(() => window.scrollTo(0, 0));
  await bar.getByRole('button', { name: 'Details' }).click();
  await expect(page.getByLabel('First name')).toHaveValue('Paul');
  await expect(bar.getByText('Please sign.')).toBeVisible();
  await expectAccessible(page);
  await saveScreenshot(page, 'phone-03-details');
  await context.close();
});
