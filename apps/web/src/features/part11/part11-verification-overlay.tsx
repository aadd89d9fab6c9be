// Spec 2 "part 11 verification": before an account holder signs a Part 11 request, they state
// the printed name and meaning of their signature (filled from what they kept last time), give
// their password, have a one-time code sent and enter it (ADR 077). Confirming runs the overlay's
// 'confirm' action with those values; a refusal comes back as `error` with what they typed.
import * as Dialog from '@radix-ui/react-dialog';
import { part11Endpoints } from '@countersign/contract';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/services.js';
import { Button } from '../../components/button.js';
import { FormAlert } from '../../components/form-alert.js';
import { TextField } from '../../components/text-field.js';
import { useDialogs } from '../dialogs/dialog-store.js';
import { describeApiError } from '../errors/describe-api-error.js';
import { OVERLAY_COMPLETE, useOverlays } from '../overlays/overlay-store.js';
import type { OverlayRecord } from '../overlays/overlay-store.js';
import type { Part11Input } from './part11-input.js';

type Sent = { channel: 'sms' | 'mail'; sentTo: string };

export function Part11VerificationOverlay({ record }: { record: OverlayRecord<'part11-verification'> }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const overlays = useOverlays();
  const dialogs = useDialogs();
  const { requestId, status, previous } = record.props;
  const [printedName, setPrintedName] = useState(previous?.printedName ?? status?.printedName ?? '');
  const [meaning, setMeaning] = useState(previous?.meaning ?? status?.meaning ?? '');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [sent, setSent] = useState<Sent | null>(null);
  const [isSending, setSending] = useState(false);
  const [problem, setProblem] = useState<unknown>(record.props.error ?? null);

  const sendCode = async () => {
    setSending(true);
    setProblem(null);
    try {
      const answer = await api.call(part11Endpoints.sendPartElevenCode, { params: { id: requestId } });
      setSent({ channel: answer.channel, sentTo: answer.sentTo });
    } catch (error) {
      setProblem(error);
    } finally {
      setSending(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const values: Part11Input = {
      printedName: printedName.trim(),
      meaning: meaning.trim(),
      password,
      code: code.trim(),
    };
    void overlays.runAction('confirm', values);
  };

  const shownError = overlays.actionError ?? problem;
  const required = !printedName.trim() || !meaning.trim() || !password || !code.trim();
  return (
    <form className="flex w-full max-w-md flex-col gap-4" onSubmit={submit} noValidate>
      <Dialog.Title className="text-2xl font-bold">{t('sign.part11.title')}</Dialog.Title>
      <Dialog.Description className="text-muted">{t('sign.part11.text')}</Dialog.Description>
      <TextField
        label={t('sign.part11.printedName')}
        value={printedName}
        autoComplete="name"
        onChange={(e) => setPrintedName(e.target.value)}
      />
      <TextField
        label={t('sign.part11.meaning')}
        hint={t('sign.part11.meaningHint')}
        value={meaning}
        onChange={(e) => setMeaning(e.target.value)}
      />
      <TextField
        label={t('sign.part11.password')}
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <div className="flex flex-col gap-2">
        <Button variant="secondary" isBusy={isSending} onClick={() => void sendCode()}>
          {t(sent ? 'sign.part11.sendAgain' : 'sign.part11.sendCode')}
        </Button>
        {sent && (
          <p role="status" className="text-sm text-muted">
            {t(sent.channel === 'sms' ? 'sign.part11.codeSentSms' : 'sign.part11.codeSentMail', {
              to: sent.sentTo,
            })}
          </p>
        )}
      </div>
      <TextField
        label={t('sign.part11.code')}
        inputMode="numeric"
        autoComplete="one-time-code"
        value={code}
        onChange={(e) => setCode(e.target.value)}
      />
      <FormAlert message={shownError ? t(describeApiError(shownError)) : null} />
      <div className="flex flex-col gap-2 sm:flex-row-reverse">
        <Button type="submit" isBusy={overlays.isLoading} disabled={required}>
          {t('sign.part11.confirm')}
        </Button>
        <Button variant="text" onClick={() => void overlays.runAction(OVERLAY_COMPLETE)}>
          {t('sign.part11.cancel')}
        </Button>
        <Button variant="text" onClick={() => dialogs.open({ namespace: 'default', name: 'part11-info' })}>
          {t('sign.part11.whatIsThis')}
        </Button>
      </div>
    </form>
  );
}
