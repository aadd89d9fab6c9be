// The dialogs the app can show, by `namespace/name` (spec 2 lists them; later issues add theirs).
import type { ComponentType } from 'react';
import { billingDialogs } from '../billing/billing-registry.js';
import { AddMemberDialog } from '../business/add-member-dialog.js';
import { AddSignerGroupDialog } from '../business/add-signer-group-dialog.js';
import { BusinessDowngradedDialog } from '../business/business-downgraded-dialog.js';
import { BusinessInvitationDialog } from '../business/business-invitation-dialog.js';
import { RemoveMembersDialog } from '../business/remove-members-dialog.js';
import { SatisfactionSurveyDialog } from '../business/satisfaction-survey-dialog.js';
import { DeleteAccountDialog } from '../profile/delete-account-dialog.js';
import { requestDialogs } from '../signing/request-dialogs.js';
import { ReviewDialog } from '../signing/review-dialog.js';
import { DeleteSignatureDialog } from '../visual-signatures/delete-signature-dialog.js';
import { Part11InfoDialog } from '../part11/part11-info-dialog.js';
import { AcceptTermsDialog } from './accept-terms-dialog.js';
import { confirmDialogs } from './confirm-dialogs.js';
import type { DialogRecord } from './dialog-store.js';

export interface DialogEntry {
  Component: ComponentType<{ record: DialogRecord }>;
  /** Closes only through its own buttons: Escape and clicks outside are ignored. */
  isPersistent?: boolean;
}

export const dialogRegistry: Record<string, DialogEntry> = {
  'default/accept-terms': { Component: AcceptTermsDialog, isPersistent: true },
  'default/part11-info': { Component: Part11InfoDialog },
  'business/add-member': { Component: AddMemberDialog },
  'business/remove-members': { Component: RemoveMembersDialog },
  'business/business-invitation': { Component: BusinessInvitationDialog, isPersistent: true },
  'business/business-downgraded': { Component: BusinessDowngradedDialog, isPersistent: true },
  'business/transactional-satisfaction-survey': { Component: SatisfactionSurveyDialog, isPersistent: true },
  'profile/delete-account': { Component: DeleteAccountDialog },
  'visual-signature/delete-signature': { Component: DeleteSignatureDialog },
  'document/review-and-sign': { Component: ReviewDialog },
  'document/add-signer-group': { Component: AddSignerGroupDialog },
  ...requestDialogs,
  ...confirmDialogs,
  ...billingDialogs,
};
