// The settings use cases: read, change (unknown keys are refused by the contract, settings
// without effect by applySettingsPatch), and the company logo, re-encoded and size-limited.
import { createHash } from 'node:crypto';
import { imageKindOf, toBoundedPng } from '../../lib/bounded-png.js';
import type { BusinessSettingsPatch } from '@countersign/contract';
import { AppError } from '../../lib/app-error.js';
import type { PersonPrincipal } from '../../lib/principal.js';
import type { BusinessDeps } from './deps.js';
import { loadBusiness } from './manage-business.js';
import { presentSettings } from './presenter.js';
import { applySettingsPatch } from './settings.js';

/** Uploads above this are refused before decoding; the stored PNG fits LOGO_BOX. */
export const LOGO_MAX_BYTES = 1024 * 1024;
export const LOGO_BOX = { width: 600, height: 200 };

export async function getSettings(deps: BusinessDeps, principal: PersonPrincipal, businessId: string) {
  return presentSettings((await loadBusiness(deps, principal, businessId, 'view_settings')).settings);
}

export async function updateSettings(
  deps: BusinessDeps,
  principal: PersonPrincipal,
  businessId: string,
  patch: BusinessSettingsPatch,
) {
  const business = await loadBusiness(deps, principal, businessId, 'update_settings');
  const settings = applySettingsPatch(business.settings, patch);
  const now = deps.clock.now().toISOString();
  await deps.repo.updateBusiness(businessId, { settings }, now);
  if (business.settings.companyBranding.logo && !settings.companyBranding.logo) {
    await deps.repo.deleteLogo(businessId);
  }
  return presentSettings(settings);
}

/** PNG, JPEG or WebP by their magic bytes (not the client's word), re-encoded as a bounded PNG. */
export async function uploadLogo(
  deps: BusinessDeps,
  principal: PersonPrincipal,
  businessId: string,
  bytes: Buffer,
) {
  const business = await loadBusiness(deps, principal, businessId, 'update_settings');
  if (bytes.length > LOGO_MAX_BYTES) throw new AppError('upload.too_large', 'A logo may be at most 1 MB');
  if (!imageKindOf(bytes)) throw new AppError('business.logo_invalid', 'Use a PNG, JPEG or WebP image');
  const png = await toBoundedPng(bytes, LOGO_BOX);
  if (!png) throw new AppError('business.logo_invalid', 'The image cannot be read');
  const name = `${createHash('sha256').update(png.data).digest('hex')}.png`;
  const now = deps.clock.now().toISOString();
  await deps.repo.replaceLogo(businessId, { name, png: png.data }, now);
  const logo = {
    url: `${deps.publicUrl}/v1/business-logos/${name}`,
    width: png.info.width,
    height: png.info.height,
  };
  const settings = { ...business.settings, companyBranding: { logo } };
  await deps.repo.updateBusiness(businessId, { settings }, now);
  return presentSettings(settings);
}
