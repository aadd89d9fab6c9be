// An account holder raises their signature standard step by step under their profile: the update
// page shows what each legislation allows, the legislation page keeps ZertES as their default,
// the personal-details page corrects the name the provider will compare, the ZertES automated
// method leaves for the sandbox provider, and after approving there the person holds the
// qualified ZertES level; the mobile-id page keeps the number for signing codes.
import { expect, test } from '@playwright/test';
import { randomSwissMobile } from './sandbox-identification.js';
import { contextFor, createAccount, expectAccessible, saveScreenshot } from './support.js';

const standards = '/profile/signature-standards';

test('an account holder identifies for qualified ZertES signatures through the signature-standards pages', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const account = await createAccount(request, 'standards', 'Stella');
  const context = await contextFor(browser, baseURL, account.token);
  const page = await context.newPage();
  const mobile = randomSwissMobile();

  await test.step('the update page shows the simple level under both legislations', async () => {
    await page.goto(standards);
    await page.getByRole('link', { name: 'Raise your signature standard' }).click();
    await expect(page).toHaveURL(new RegExp(`${standards}/update$`));
    await expect(page.getByTestId('level-eidas')).toHaveText(/simple electronic signature/);
    await expect(page.getByTestId('level-zertes')).toHaveText(/simple electronic signature/);
    await expectAccessible(page);
    await saveScreenshot(page, 'signature-standards-01-update');
  });

  await test.step('ZertES becomes the default legislation', async () => {
    await page.getByRole('link', { name: 'Choose your legislation' }).click();
    await page.getByRole('radio', { name: /ZertES/ }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(new RegExp(`${standards}/zertes$`));
    const me = await request.get('/v1/user', { headers: { authorization: `Bearer ${account.token}` } });
    expect(
      ((await me.json()) as { attributes: { default_legislation: string } }).attributes.default_legislation,
    ).toBe('zertes');
  });

  await test.step('the name the provider compares is corrected first', async () => {
    await page.getByRole('link', { name: 'Check your name first' }).click();
    await page.getByLabel('Last name').fill('Sternberg');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(new RegExp(`${standards}/zertes$`));
  });

  await test.step('the automated method leaves for the sandbox provider, which approves', async () => {
    await page.getByRole('link', { name: 'Automated identification' }).click();
    await expect(page.getByTestId('identification-status')).toHaveText(
      'You have not started this identification yet.',
    );
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Go to the identity provider' }).click();
    await expect(page).toHaveURL(/\/sandbox\/identification\//);
    await expect(page.getByLabel('Surname')).toHaveValue('Sternberg');
    await page.getByLabel('Mobile number for signing codes').fill(mobile);
    await page.getByRole('button', { name: 'Approve identity' }).click();
    await page.getByRole('link', { name: 'Back to Countersign' }).click();
    await expect(page).toHaveURL(new RegExp(`${standards}$`));
  });

  await test.step('the person now signs qualified under ZertES, and the method says so', async () => {
    await page.goto(`${standards}/update`);
    await expect(page.getByTestId('level-zertes')).toHaveText(/qualified electronic signature/, {
      timeout: 15_000,
    });
    await page.goto(`${standards}/zertes/auto`);
    await expect(page.getByTestId('identification-status')).toHaveText(
      'Your identity is confirmed. You can now sign.',
    );
    await saveScreenshot(page, 'signature-standards-02-identified');
  });

  await test.step('the mobile-id page keeps the number in international form', async () => {
    await page.goto(`${standards}/mobile-id`);
    await page.getByLabel('Mobile number').fill('079 555 12 34');
    await page.getByRole('button', { name: 'Save the number' }).click();
    await expect(
      page.getByText('Enter the number with its country code, for example +41 79 123 45 67'),
    ).toBeVisible();
    await page.getByLabel('Mobile number').fill('+41 79 555 12 34');
    await page.getByRole('button', { name: 'Save the number' }).click();
    await expect(page.getByTestId('mobile-state')).toHaveText('Your mobile number: +41795551234');
    await expectAccessible(page);
  });
  await context.close();
});
