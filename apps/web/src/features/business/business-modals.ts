// The business feature's dialogs and overlays: their props, added to the typed maps of the
// dialog and overlay stores, and their components, which the app hands to the frames.
import type { DialogEntries } from '../dialogs/dialog-store.js';
import type { OverlayEntries } from '../overlays/overlay-store.js';
import { AddMemberDialog } from './add-member-dialog.js';
import { AddSignerGroupDialog } from './add-signer-group-dialog.js';
import { BusinessDowngradedDialog } from './business-downgraded-dialog.js';
import { BusinessInvitationDialog } from './business-invitation-dialog.js';
import type { BusinessInvitationProps } from './business-invitation-dialog.js';
import { RemoveMembersDialog } from './remove-members-dialog.js';
import type { RemovalCandidate } from './remove-members-dialog.js';
import { SatisfactionSurveyDialog } from './satisfaction-survey-dialog.js';
import type { SatisfactionSurveyProps } from './satisfaction-survey-dialog.js';
import { SignerGroupOverlay } from './signer-group-overlay.js';
import type { SignerGroupOverlayProps } from './signer-group-overlay.js';

interface BusinessDialogProps {
  'business/add-member': undefined;
  'business/remove-members': { people: RemovalCandidate[] };
  'business/business-invitation': BusinessInvitationProps;
  'business/business-downgraded': { reason: 'deleted' | 'removed' };
  'business/transactional-satisfaction-survey': SatisfactionSurveyProps;
  /** the groups already among the signers, not offered again */
  'document/add-signer-group': { taken: string[] };
}

interface BusinessOverlayProps {
  'create-signer-group': SignerGroupOverlayProps;
}

declare module '../dialogs/dialog-store.js' {
  interface DialogPropsMap extends BusinessDialogProps {}
}

declare module '../overlays/overlay-store.js' {
  interface OverlayPropsMap extends BusinessOverlayProps {}
}

export const businessDialogs: DialogEntries<keyof BusinessDialogProps> = {
  'business/add-member': { Component: AddMemberDialog },
  'business/remove-members': { Component: RemoveMembersDialog },
  'business/business-invitation': { Component: BusinessInvitationDialog, isPersistent: true },
  'business/business-downgraded': { Component: BusinessDowngradedDialog, isPersistent: true },
  'business/transactional-satisfaction-survey': { Component: SatisfactionSurveyDialog, isPersistent: true },
  'document/add-signer-group': { Component: AddSignerGroupDialog },
};

export const businessOverlays: OverlayEntries<keyof BusinessOverlayProps> = {
  'create-signer-group': SignerGroupOverlay,
};
