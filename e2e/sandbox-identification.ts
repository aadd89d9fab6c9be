// A link holder asked for a qualified signature identifies first (ADR 025): from the request,
// through the preview and the choice of method, to the sandbox provider's page and back to the request. Shared by
// the journeys that then sign qualified, by SMS code or at the QTSP.
import { expect, type Page } from '@playwright/test';
import { expectAccessible, saveScreenshot } from './support.js';

export const randomSwissMobile = (): string => `+41 79 ${Math.floor(1_000_000 + Math.random() * 8_999_999)}`;

export async function identifyInSandbox(
  page: Page,
  request: { id: string; link: string; title: string },
  person: { expectedGivenName: string; expectedSurname: string; givenName: string; mobile: string },
  screenshotPrefix: string,
  method: { legislation: 'eidas' | 'zertes'; path: 'video' | 'auto'; label: string } = {
    legislation: 'eidas',
    path: 'video',
    label: 'Video identification',
  },
): Promise<void> {
  await page.goto(request.link);
  await expect(page.getByRole('heading', { name: request.title })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Identify yourself to sign' })).toBeVisible();
  const bar = page.getByRole('region', { name: 'Sign or decline' });
  await expect(bar.getByRole('button', { name: 'Sign', exact: true })).toHaveCount(0);
  await saveScreenshot(page, `${screenshotPrefix}-01-needs-identification`);
  await bar.getByRole('link', { name: 'Identify yourself' }).click();

  // the preview says what the identification is for before the choice of method
  await expect(page).toHaveURL(new RegExp(`/direct-sign/identification/${request.id}/[^/?]+/preview$`));
  await expect(page.getByRole('heading', { name: 'Before you identify yourself' })).toBeVisible();
  await expect(page.getByTestId('preview-name')).toHaveText(
    `${person.expectedGivenName} ${person.expectedSurname}`,
  );
  await page.getByRole('link', { name: 'Choose how to identify' }).click();
  await expect(page).toHaveURL(new RegExp(`/direct-sign/identification/${method.legislation}$`));
  await expect(page.getByRole('heading', { name: 'Choose how to identify yourself' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: method.label }).click();
  await expect(page).toHaveURL(
    new RegExp(`/direct-sign/identification/${method.legislation}/${method.path}$`),
  );
  await page.getByRole('button', { name: 'Go to the identity provider' }).click();
  await expect(page).toHaveURL(/\/sandbox\/identification\//);

  // the form suggests the name the sender typed
  await expect(page.getByLabel('Given name')).toHaveValue(person.expectedGivenName);
  await expect(page.getByLabel('Surname')).toHaveValue(person.expectedSurname);
  await page.getByLabel('Given name').fill(person.givenName);
  await page.getByLabel('Mobile number for signing codes').fill(person.mobile);
  await page.getByRole('button', { name: 'Approve identity' }).click();
  await page.getByRole('link', { name: 'Back to Countersign' }).click();
  // the identification screen sees the success and returns to the request
  await expect(page).toHaveURL(new RegExp(`/view/${request.id}/[^/?]+$`), { timeout: 15_000 });
}
