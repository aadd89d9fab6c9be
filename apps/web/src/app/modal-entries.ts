// Every feature's dialogs and overlays, composed for the frames that show them. The types make
// this list complete: a dialog or overlay whose props a feature declared but whose component is
// missing here does not compile. Loaded with the first dialog or overlay (modal-frames.tsx).
import { billingDialogs, billingOverlays } from '../features/billing/billing-modals.js';
import { businessDialogs, businessOverlays } from '../features/business/business-modals.js';
import { commonDialogs } from '../features/dialogs/common-dialogs.js';
import type { DialogEntries, DialogKey } from '../features/dialogs/dialog-store.js';
import { navigationOverlays } from '../features/navigation/navigation-modals.js';
import type { OverlayEntries, OverlayName } from '../features/overlays/overlay-store.js';
import { part11Dialogs, part11Overlays } from '../features/part11/part11-modals.js';
import { profileDialogs, profileOverlays } from '../features/profile/profile-modals.js';
import { signingDialogs, signingModalOverlays } from '../features/signing/signing-modals.js';
import { surveyDialogs } from '../features/surveys/survey-modals.js';
import { visualSignatureDialogs } from '../features/visual-signatures/visual-signature-modals.js';

export const dialogEntries: DialogEntries<DialogKey> = {
  ...commonDialogs,
  ...businessDialogs,
  ...billingDialogs,
  ...profileDialogs,
  ...part11Dialogs,
  ...signingDialogs,
  ...surveyDialogs,
  ...visualSignatureDialogs,
};

export const overlayEntries: OverlayEntries<OverlayName> = {
  ...businessOverlays,
  ...billingOverlays,
  ...navigationOverlays,
  ...part11Overlays,
  ...profileOverlays,
  ...signingModalOverlays,
};
