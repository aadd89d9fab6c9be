// Dialog `business: add member` (spec 2): the addresses to invite and the language of their mail
// (by default each person's own, English for someone without an account). The opener's action
// receives `{ users }` and sends the invitations; the server's refusal (already invited, part of
// another business) stays in the dialog.
import * as Dialog from '@radix-ui/react-dialog';
import type { Language } from '@countersign/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button.js';
import { FormAlert } from '../../components/form-alert.js';
import { SelectField } from '../../components/select-field.js';
import { useDialogs } from '../dialogs/dialog-store.js';
import { useLocaleArea } from '../i18n/i18n.js';
import { parseInvitees } from './invitee-list.js';
import { describeApiError } from '../errors/describe-api-error.js';

export interface InviteRequest {
  users: { email: string; lang?: Language }[];
}

const languages = ['en', 'de', 'fr', 'it'] as const;

export function AddMemberDialog() {
  useLocaleArea('business');
  const { t } = useTranslation();
  const dialogs = useDialogs();
  const [text, setText] = useState('');
  const [lang, setLang] = useState<Language | ''>('');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = () => {
    const parsed = parseInvitees(text);
    switch (parsed.kind) {
      case 'empty':
        return setProblem(t('form.required'));
      case 'invalid':
        return setProblem(t('businessPages.addMember.invalid', { email: parsed.email }));
      case 'twice':
        return setProblem(t('businessPages.addMember.twice', { email: parsed.email }));
      case 'too-many':
        return setProblem(t('businessPages.addMember.tooMany'));
      case 'ok': {
        setProblem(null);
        const request: InviteRequest = {
          users: parsed.emails.map((email) => (lang ? { email, lang } : { email })),
        };
        return void dialogs.runAction(request);
      }
    }
  };

  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Dialog.Title className="text-xl font-bold">{t('businessPages.addMember.title')}</Dialog.Title>
      <Dialog.Description className="text-muted">{t('businessPages.addMember.text')}</Dialog.Description>
      <div className="flex flex-col gap-1">
        <label htmlFor="invitee-emails" className="text-sm font-semibold">
          {t('businessPages.addMember.emails')}
        </label>
        <textarea
          id="invitee-emails"
          rows={4}
          value={text}
          aria-invalid={problem ? true : undefined}
          aria-describedby="invitee-emails-hint invitee-emails-error"
          className={`rounded-md border bg-white px-3 py-2 text-base ${problem ? 'border-error' : 'border-line'}`}
          onChange={(event) => setText(event.target.value)}
        />
        <p id="invitee-emails-hint" className="text-sm text-muted">
          {t('businessPages.addMember.emailsHint')}
        </p>
        <p id="invitee-emails-error" role="alert" className="text-sm text-error empty:hidden">
          {problem}
        </p>
      </div>
      <SelectField
        label={t('businessPages.addMember.language')}
        value={lang}
        options={[
          { value: '', label: t('businessPages.languages.account') },
          ...languages.map((code) => ({ value: code, label: t(`businessPages.languages.${code}`) })),
        ]}
        onChange={(event) => setLang(event.target.value as Language | '')}
      />
      <FormAlert message={dialogs.actionError ? t(describeApiError(dialogs.actionError)) : null} />
      <div className="flex flex-col gap-2 sm:flex-row-reverse">
        <Button type="submit" isBusy={dialogs.isLoading}>
          {t('businessPages.addMember.submit')}
        </Button>
        <Button variant="text" onClick={dialogs.close}>
          {t('businessPages.addMember.cancel')}
        </Button>
      </div>
    </form>
  );
}
