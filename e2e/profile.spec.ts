// The profile journey: a user edits the settings, creates two visual signatures, sees
// the preview drawn by the server, makes the second the default, deletes the first and uploads a
// PNG as its image; axe finds nothing serious on the profile screens, which also fit 320 px; and
// screenshots of the main signed-in screens in each locale land in the artifacts folder.
import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { expectAccessible, finishSignupSteps, readMailLink, saveScreenshot, uniqueEmail } from './support.js';

const password = 'lantern over the harbour 19';
// A 1x1 PNG, enough for the server to check and re-encode.
const tinyPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

test.beforeEach(async ({ page }) => {
  // The Test System overlay is covered by the accounts journey; here it would only hide things.
  await page.addInitScript(() => localStorage.setItem('hide-staging-alert', 'true'));
});

/** A confirmed account made through the API, then logged in through the login page. */
async function signUpAndLogIn(page: Page, request: APIRequestContext, label: string): Promise<string> {
  const email = uniqueEmail(label);
  const registered = await request.post('/v1/register', {
    data: { email, password, first_name: 'Mary', last_name: 'Somerville', accept_gtc: true },
  });
  expect(registered.status()).toBe(201);
  const confirmPath = await readMailLink(request, email, /\/signup\/confirm\?token=/);
  const token = new URL(confirmPath, 'http://x').searchParams.get('token');
  const confirmed = await request.post('/v1/valid-confirmation', { data: { token } });
  expect(confirmed.ok()).toBe(true);
  await finishSignupSteps(request, ((await confirmed.json()) as { token: string }).token);
  await page.goto('/login');
  await page.getByLabel('E-mail address', { exact: true }).fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/dashboard\?/);
  return email;
}

async function expectNoSideways(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `horizontal overflow on ${page.url()}`).toBeLessThanOrEqual(0);
}

const snackbar = (page: Page, text: string) => page.getByTestId('snackbar').filter({ hasText: text });

test('a user edits the settings and manages visual signatures', async ({ page, request }) => {
  test.setTimeout(120_000);
  const email = await signUpAndLogIn(page, request, 'profile');

  await test.step('profile overview', async () => {
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Profile' })
      .click();
    await expect(page.getByRole('heading', { name: 'Your profile' })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    await expect(page.getByTestId('highest-quality')).toHaveText(
      'Highest quality you can sign with: Simple electronic signature',
    );
    await expectAccessible(page);
  });

  await test.step('edit the settings', async () => {
    await page
      .getByRole('navigation', { name: 'Profile pages' })
      .getByRole('link', { name: 'Settings' })
      .click();
    await expect(page).toHaveURL(/\/profile\/settings$/);
    await expect(page.getByLabel('Language').locator('option')).toHaveText([
      'English',
      'Deutsch',
      'Français',
    ]);
    await page.getByLabel('First name').fill('Mary Fairfax');
    await page.getByLabel('E-mail notifications').selectOption('important');
    await page.getByLabel('Default legislation').selectOption('zertes');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(snackbar(page, 'Your settings have been saved.')).toBeVisible();
    await expect(page.getByTestId('current-user')).toHaveText('Mary Fairfax Somerville');
    await page.reload();
    await expect(page.getByLabel('E-mail notifications')).toHaveValue('important');
    await expect(page.getByLabel('Default legislation')).toHaveValue('zertes');
    await expectAccessible(page);
  });

  const cards = page.getByRole('list', { name: 'Your visual signatures' }).getByTestId('visual-signature');

  await test.step('create two visual signatures with a live preview', async () => {
    await page.goto('/profile/visual-signature');
    await expect(page.getByText('You have no visual signature yet.')).toBeVisible();
    for (const [alias, location] of [
      ['Office', 'Edinburgh'],
      ['Home', 'Jedburgh'],
    ] as const) {
      await page.getByRole('button', { name: 'New visual signature' }).click();
      await page.getByLabel('Name of this signature').fill(alias);
      await page.getByLabel('Location (optional)').fill(location);
      const preview = page.getByRole('img', { name: 'Preview of the signature you are editing' });
      await expect(preview).toBeVisible();
      // the server's PNG, at the spec's 300x140
      await expect
        .poll(() => preview.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]))
        .toEqual([300, 140]);
      if (alias === 'Home') await expectAccessible(page);
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(snackbar(page, 'Visual signature created.').first()).toBeVisible();
    }
    await expect(cards).toHaveCount(2);
    await expect(page.getByRole('img', { name: 'Preview of the visual signature “Home”' })).toBeVisible();
    await expect(cards.filter({ hasText: 'Office' })).toContainText('Default');
  });

  await test.step('make the second the default and delete the first', async () => {
    await page.getByRole('button', { name: 'Make Home the default' }).click();
    await expect(snackbar(page, '“Home” is now your default.')).toBeVisible();
    await expect(cards.filter({ hasText: 'Home' })).toContainText('Default');
    await expect(cards.filter({ hasText: 'Office' })).not.toContainText('Default');
    await page.getByRole('button', { name: 'Delete Office' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete “Office”?' });
    await expect(dialog).toBeVisible();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Delete signature' }).click();
    await expect(dialog).toBeHidden();
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText('Home');
  });

  await test.step('upload a PNG as the custom image', async () => {
    await page.getByRole('button', { name: 'Edit Home' }).click();
    await page
      .getByLabel('Upload an image')
      .setInputFiles({ name: 'hand.png', mimeType: 'image/png', buffer: tinyPng });
    await expect(snackbar(page, 'Image uploaded.')).toBeVisible();
    await expect(cards.first()).toContainText('Custom image');
    await expect(page.getByRole('button', { name: 'Remove the image' })).toBeVisible();
    await expectAccessible(page);
  });

  await test.step('the profile screens fit a 320 px wide screen', async () => {
    await page.setViewportSize({ width: 320, height: 720 });
    for (const path of ['/profile', '/profile/settings', '/profile/visual-signature', '/profile/confirm']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoSideways(page);
    }
    await page.goto('/profile/visual-signature');
    await page.getByRole('button', { name: 'Edit Home' }).click();
    await expect(page.getByRole('img', { name: 'Preview of the signature you are editing' })).toBeVisible();
    await expectNoSideways(page);
    await saveScreenshot(page, 'profile-visual-signature-320px');
  });
});

// Each locale's headings, to know the switch has happened before the screenshot.
const localeTexts = {
  'en-gb': {
    language: 'en',
    html: 'en-GB',
    profile: 'Your profile',
    settings: 'Settings',
    visual: 'Visual signatures',
  },
  'de-ch': {
    language: 'de',
    html: 'de-CH',
    profile: 'Ihr Profil',
    settings: 'Einstellungen',
    visual: 'Visuelle Signaturen',
  },
  'fr-ch': {
    language: 'fr',
    html: 'fr-CH',
    profile: 'Votre profil',
    settings: 'Paramètres',
    visual: 'Signatures visuelles',
  },
} as const;

async function screenshotMainScreens(
  page: Page,
  locale: string,
  texts: (typeof localeTexts)[keyof typeof localeTexts],
) {
  await page.goto('/dashboard');
  await expect(page.locator('html')).toHaveAttribute('lang', texts.html);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await saveScreenshot(page, `${locale}-dashboard`);
  for (const [path, screen, heading] of [
    ['/profile', 'profile', texts.profile],
    ['/profile/settings', 'settings', texts.settings],
    ['/profile/visual-signature', 'visual-signature', texts.visual],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    if (screen === 'visual-signature')
      await expect(page.getByRole('img', { name: /“Desk”|«Desk»|« Desk »/ })).toBeVisible();
    await saveScreenshot(page, `${locale}-${screen}`);
  }
}

test('screenshots of the main screens in every locale', async ({ page, request }) => {
  test.setTimeout(120_000);
  await signUpAndLogIn(page, request, 'locales');
  // one signature, so the visual-signature screen shows a card and its preview
  await page.goto('/profile/visual-signature');
  await page.getByRole('button', { name: 'New visual signature' }).click();
  await page.getByLabel('Name of this signature').fill('Desk');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByTestId('visual-signature')).toHaveCount(1);

  for (const [locale, texts] of Object.entries(localeTexts)) {
    // the app's own mechanism for a signed-in user: the language in the settings
    await page.goto('/profile/settings');
    await page.getByLabel(/^(Language|Sprache|Langue)$/).selectOption(texts.language);
    await page
      .getByRole('button', { name: /^(Save settings|Einstellungen speichern|Enregistrer les paramètres)$/ })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: texts.settings })).toBeVisible();
    await screenshotMainScreens(page, locale, texts);
  }

  // Italian is not selectable outside direct-sign (spec 1): the settings do not offer it, and an
  // account whose language is Italian (set through the API, as a link holder's could be) sees the
  // app in the default locale. The it-* screenshots record that fallback.
  await page.goto('/profile/settings');
  await expect(page.getByLabel('Langue').locator('option[value="it"]')).toHaveCount(0);
  const status = await page.evaluate(async () => {
    const stored = JSON.parse(localStorage.getItem('countersign.session') ?? '{}') as { token?: string };
    const response = await fetch('/v1/user', {
      method: 'PUT',
      headers: { authorization: `Bearer ${stored.token ?? ''}`, 'content-type': 'application/json' },
      body: JSON.stringify({ attributes: { lang: 'it' } }),
    });
    return response.status;
  });
  expect(status).toBe(200);
  await page.reload();
  await screenshotMainScreens(page, 'it', localeTexts['en-gb']);
});
