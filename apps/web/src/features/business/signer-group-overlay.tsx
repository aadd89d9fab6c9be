// Overlay `create signer group` (spec 2): the name of a signer group and the addresses of its
// members, checked here against the address pattern (spec 5) and the business's limit of members
// per group (settings `signerGroups.maxParticipants`) before the opener's action sends them. The
// same overlay changes an existing group (props `group`). The server's refusal stays in it.
import * as Dialog from '@radix-ui/react-dialog';
import type { SignerGroup } from '@countersign/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button.js';
import { FormAlert } from '../../components/form-alert.js';
import { TextField } from '../../components/text-field.js';
import { describeApiError } from '../errors/describe-api-error.js';
import { useLocaleArea } from '../i18n/i18n.js';
import { OVERLAY_COMPLETE, useOverlays } from '../overlays/overlay-store.js';
import type { OverlayRecord } from '../overlays/overlay-store.js';
import { parseInvitees } from './invitee-list.js';

export interface SignerGroupInput {
  name: string;
  members: string[];
}

export interface SignerGroupOverlayProps {
  /** the group to change; none to create one */
  group?: SignerGroup;
  maxParticipants: number;
}

export function SignerGroupOverlay({ record }: { record: OverlayRecord<'create-signer-group'> }) {
  useLocaleArea('business');
  const { t } = useTranslation();
  const overlays = useOverlays();
  const { group, maxParticipants } = record.props;
  const [name, setName] = useState(group?.name ?? '');
  const [text, setText] = useState(group?.members.join('\n') ?? '');
  const [nameProblem, setNameProblem] = useState<string | undefined>();
  const [membersProblem, setMembersProblem] = useState<string | null>(null);

  const submit = () => {
    const trimmed = name.trim();
    setNameProblem(trimmed ? undefined : t('form.required'));
    const parsed = parseInvitees(text, maxParticipants);
    const problem =
      parsed.kind === 'empty'
        ? t('form.required')
        : parsed.kind === 'invalid'
          ? t('businessPages.addMember.invalid', { email: parsed.email })
          : parsed.kind === 'twice'
            ? t('businessPages.addMember.twice', { email: parsed.email })
            : parsed.kind === 'too-many'
              ? t('consolePages.groups.tooMany', { count: maxParticipants })
              : null;
    setMembersProblem(problem);
    if (!trimmed || parsed.kind !== 'ok') return;
    const input: SignerGroupInput = { name: trimmed, members: parsed.emails };
    void overlays.runAction(OVERLAY_COMPLETE, input);
  };

  return (
    <form
      noValidate
      className="flex w-full max-w-lg flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Dialog.Title className="text-2xl font-bold">
        {group
          ? t('consolePages.groups.editTitle', { name: group.name })
          : t('consolePages.groups.createTitle')}
      </Dialog.Title>
      <p className="text-muted">{t('consolePages.groups.overlayText')}</p>
      <TextField
        label={t('consolePages.groups.name')}
        value={name}
        maxLength={100}
        error={nameProblem}
        onChange={(event) => setName(event.target.value)}
      />
      <div className="flex flex-col gap-1">
        <label htmlFor="group-members" className="text-sm font-semibold">
          {t('consolePages.groups.members')}
        </label>
        <textarea
          id="group-members"
          rows={6}
          value={text}
          aria-invalid={membersProblem ? true : undefined}
          aria-describedby="group-members-hint group-members-error"
          className={`rounded-md border bg-white px-3 py-2 text-base ${membersProblem ? 'border-error' : 'border-line'}`}
          onChange={(event) => setText(event.target.value)}
        />
        <p id="group-members-hint" className="text-sm text-muted">
          {t('consolePages.groups.membersHint', { count: maxParticipants })}
        </p>
        <p id="group-members-error" role="alert" className="text-sm text-error empty:hidden">
          {membersProblem}
        </p>
      </div>
      <FormAlert message={overlays.actionError ? t(describeApiError(overlays.actionError)) : null} />
      <div className="flex flex-col gap-2 sm:flex-row-reverse">
        <Button type="submit" isBusy={overlays.isLoading}>
          {group ? t('consolePages.groups.save') : t('consolePages.groups.createSubmit')}
        </Button>
        <Button variant="secondary" onClick={overlays.close}>
          {t('businessPages.confirm.cancel')}
        </Button>
      </div>
    </form>
  );
}
