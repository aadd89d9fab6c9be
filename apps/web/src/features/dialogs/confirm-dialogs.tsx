// Dialogs that ask one question before something happens (spec 2, default dialogs): leaving a
// page with unsaved work, deleting documents (drafts), removing a document from a draft, turning automatic deletion on or off, and
// ours: sending with an invisible signature, and the business console's confirmations. Confirming runs the opener's action (the dialog store shows loading and keeps the
// dialog open with the error if it fails); the other button keeps things as they are.
import * as Dialog from '@radix-ui/react-dialog';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button.js';
import { FormAlert } from '../../components/form-alert.js';
import { describeApiError } from '../errors/describe-api-error.js';
import type { MessageKey } from '../errors/describe-api-error.js';
import { entriesFromSpecs, useDialogs } from './dialog-store.js';
import type { DialogEntries, DialogRecord } from './dialog-store.js';

interface ConfirmSpec {
  title: MessageKey;
  text: MessageKey;
  confirm: MessageKey;
  cancel: MessageKey;
  isDestructive?: boolean;
}

/** What fills the placeholders of a question's title, text and button (whom or what it concerns). */
export type Placeholders = Record<string, string | number>;

function ConfirmDialog({ spec, record }: { spec: ConfirmSpec; record: DialogRecord<ConfirmKey> }) {
  const { t } = useTranslation();
  const dialogs = useDialogs();
  const placeholders = record.props ?? {};
  return (
    <div className="flex flex-col gap-4">
      <Dialog.Title className="pr-8 text-xl font-bold">{t(spec.title, placeholders)}</Dialog.Title>
      <Dialog.Description className="text-muted">{t(spec.text, placeholders)}</Dialog.Description>
      <FormAlert message={dialogs.actionError ? t(describeApiError(dialogs.actionError)) : null} />
      <div className="flex flex-col gap-2 sm:flex-row-reverse">
        <Button
          isBusy={dialogs.isLoading}
          className={spec.isDestructive ? 'bg-error hover:bg-error' : ''}
          onClick={() => void dialogs.runAction()}
        >
          {t(spec.confirm, placeholders)}
        </Button>
        <Button variant="secondary" onClick={dialogs.close}>
          {t(spec.cancel)}
        </Button>
      </div>
    </div>
  );
}

const specs = {
  'default/leave-page': {
    title: 'draftDialogs.leaveTitle',
    text: 'draftDialogs.leaveText',
    confirm: 'draftDialogs.leaveConfirm',
    cancel: 'draftDialogs.stay',
    isDestructive: true,
  },
  'default/delete-documents': {
    title: 'draftDialogs.deleteTitle',
    text: 'draftDialogs.deleteText',
    confirm: 'draftDialogs.deleteConfirm',
    cancel: 'draftDialogs.keep',
    isDestructive: true,
  },
  'document/remove-document': {
    title: 'draftDialogs.removeTitle',
    text: 'draftDialogs.removeText',
    confirm: 'draftDialogs.removeConfirm',
    cancel: 'draftDialogs.keep',
    isDestructive: true,
  },
  'document/invisible-signature': {
    title: 'draftDialogs.invisibleTitle',
    text: 'draftDialogs.invisibleText',
    confirm: 'draftDialogs.invisibleConfirm',
    cancel: 'draftDialogs.placeFields',
  },
  // the national eIDs (ADR 083): what an eID hands over, before leaving for its provider
  'document/supply-eid-data': {
    title: 'eid.supply.title',
    text: 'eid.supply.text',
    confirm: 'eid.supply.confirm',
    cancel: 'eid.cancel',
  },
  // a qualified signature's first time: the trust service provider's terms (signing/terms-of-use.ts)
  'document/terms-of-use': {
    title: 'sign.termsOfUse.title',
    text: 'sign.termsOfUse.text',
    confirm: 'sign.termsOfUse.confirm',
    cancel: 'sign.termsOfUse.cancel',
  },
  'default/connect-national-eid-austria': {
    title: 'eid.austria.dialogTitle',
    text: 'eid.austria.dialogText',
    confirm: 'eid.austria.dialogConfirm',
    cancel: 'eid.cancel',
  },
  // the business console's (their texts load with its screens); placeholders state, name, email, domain
  'default/activate-auto-deletion': {
    title: 'businessPages.autoDeletion.activateTitle',
    text: 'businessPages.autoDeletion.activateText',
    confirm: 'businessPages.autoDeletion.activateConfirm',
    cancel: 'businessPages.autoDeletion.cancel',
    isDestructive: true,
  },
  'default/deactivate-auto-deletion': {
    title: 'businessPages.autoDeletion.deactivateTitle',
    text: 'businessPages.autoDeletion.deactivateText',
    confirm: 'businessPages.autoDeletion.deactivateConfirm',
    cancel: 'businessPages.autoDeletion.cancel',
  },
  'business/delete-business': {
    title: 'businessPages.profile.deleteTitle',
    text: 'businessPages.profile.deleteText',
    confirm: 'businessPages.profile.deleteConfirm',
    cancel: 'businessPages.confirm.cancel',
    isDestructive: true,
  },
  'business/withdraw-invitation': {
    title: 'businessPages.members.withdrawTitle',
    text: 'businessPages.members.withdrawText',
    confirm: 'businessPages.members.withdraw',
    cancel: 'businessPages.confirm.cancel',
  },
  'profile/leave-business': {
    title: 'profile.business.leaveTitle',
    text: 'profile.business.leaveText',
    confirm: 'profile.business.leaveConfirm',
    cancel: 'profile.business.leaveCancel',
    isDestructive: true,
  },
  'business/release-domain': {
    title: 'businessPages.domains.releaseTitle',
    text: 'businessPages.domains.releaseText',
    confirm: 'businessPages.domains.release',
    cancel: 'businessPages.confirm.cancel',
  },
  // placeholder name
  'signer-groups/delete-signer-group': {
    title: 'consolePages.groups.deleteTitle',
    text: 'consolePages.groups.deleteText',
    confirm: 'consolePages.groups.deleteConfirm',
    cancel: 'businessPages.confirm.cancel',
    isDestructive: true,
  },
  // placeholder username
  'business/reset-api-user': {
    title: 'consolePages.api.resetTitle',
    text: 'consolePages.api.resetText',
    confirm: 'consolePages.api.resetConfirm',
    cancel: 'businessPages.confirm.cancel',
    isDestructive: true,
  },
  'business/delete-api-user': {
    title: 'consolePages.api.deleteTitle',
    text: 'consolePages.api.deleteText',
    confirm: 'consolePages.api.deleteConfirm',
    cancel: 'businessPages.confirm.cancel',
    isDestructive: true,
  },
} satisfies Record<string, ConfirmSpec>;

type ConfirmKey = keyof typeof specs;

declare module './dialog-store.js' {
  interface DialogPropsMap extends Record<ConfirmKey, Placeholders | undefined> {}
}

export const confirmDialogs: DialogEntries<ConfirmKey> = entriesFromSpecs(specs, ConfirmDialog);
