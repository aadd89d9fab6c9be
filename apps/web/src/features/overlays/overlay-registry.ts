// The full-screen overlays the app can show, by name (spec 2 lists them; each issue adds its own).
import type { ComponentType } from 'react';
import { SignerGroupOverlay } from '../business/signer-group-overlay.js';
import { billingOverlays } from '../billing/billing-registry.js';
import { DirectSignOverlay } from '../signing/direct-sign-overlay.js';
import { DIRECT_SIGN_OVERLAY } from '../signing/direct-sign-trigger.js';
import { signingOverlays } from '../signing/signing-overlays.js';
import { DeleteUserOverlay } from '../profile/delete-user-overlay.js';
import { HeaderOverlay } from '../navigation/header-overlay.js';
import { Part11VerificationOverlay } from '../part11/part11-verification-overlay.js';
import type { OverlayRecord } from './overlay-store.js';

export const overlayRegistry: Record<string, ComponentType<{ record: OverlayRecord }>> = {
  ...signingOverlays,
  [DIRECT_SIGN_OVERLAY]: DirectSignOverlay,
  'create-signer-group': SignerGroupOverlay,
  'delete-user': DeleteUserOverlay,
  header: HeaderOverlay,
  'part11-verification': Part11VerificationOverlay,
  ...billingOverlays,
};
