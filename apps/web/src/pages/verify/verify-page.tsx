// /verify: anyone drops a PDF and sees its signatures judged (ADR 079). The page checks the file in
// this browser when it can, with the same engine the server runs, so the file never leaves the
// person's machine; otherwise, or when the person chooses so, it uploads the file to the public
// verifier and says so before the file is chosen.
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button.js';
import { FormAlert } from '../../components/form-alert.js';
import { PageHeading } from '../../components/page-heading.js';
import { useServices } from '../../app/services.js';
import {
  describeRefusal,
  verifyOnServer,
  type VerificationOutcome,
  type VerifyMode,
} from '../../features/verify/verifiers.js';
import { DropZone } from '../upload/drop-zone.js';
import { VerificationReportView } from './verification-report.js';

function ModeChoice({
  mode,
  onChange,
  isBrowserAvailable,
}: {
  mode: VerifyMode;
  onChange: (mode: VerifyMode) => void;
  isBrowserAvailable: boolean;
}) {
  const { t } = useTranslation();
  const name = useId();
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 font-semibold">{t('verify.mode.legend')}</legend>
      {(['browser', 'server'] as const).map((choice) => (
        <label key={choice} className="flex items-start gap-2">
          <input
            type="radio"
            name={name}
            value={choice}
            checked={mode === choice}
            disabled={choice === 'browser' && !isBrowserAvailable}
            onChange={() => onChange(choice)}
            className="mt-1"
          />
          <span>{t(`verify.mode.${choice}`)}</span>
        </label>
      ))}
      {!isBrowserAvailable && <p className="text-sm text-muted">{t('verify.mode.browserUnavailable')}</p>}
    </fieldset>
  );
}

/** The day to judge the file as of; empty: now (ADR 089). */
function AsOfDate({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-semibold">
        {t('verify.asOf.label')}
      </label>
      <input
        id={id}
        type="date"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={`${id}-hint`}
        className="w-48 rounded-md border border-line bg-canvas px-2 py-1"
      />
      <p id={`${id}-hint`} className="text-sm text-muted">
        {t('verify.asOf.hint')}
      </p>
    </div>
  );
}

/** Whether this browser has what the in-browser engine needs (WebCrypto, workers). */
function canVerifyInBrowser(): boolean {
  return typeof Worker !== 'undefined' && globalThis.crypto?.subtle !== undefined;
}

export function VerifyPage() {
  const { t } = useTranslation();
  const { api } = useServices();
  const isBrowserAvailable = canVerifyInBrowser();
  const [mode, setMode] = useState<VerifyMode>(isBrowserAvailable ? 'browser' : 'server');
  const [fileName, setFileName] = useState('');
  const [asOf, setAsOf] = useState('');
  const check = useMutation({
    mutationFn: async (file: File): Promise<VerificationOutcome> => {
      const started = performance.now();
      const report =
        mode === 'browser'
          ? await (await import('../../features/verify/verify-in-browser.js')).verifyInBrowser(file, asOf)
          : await verifyOnServer(api, file, asOf);
      return { report, mode, fileName: file.name, ms: performance.now() - started };
    },
  });
  const take = (files: File[]) => {
    const [file] = files;
    if (!file) return;
    setFileName(file.name);
    check.mutate(file);
  };

  return (
    <article className="flex w-full max-w-3xl flex-col gap-4">
      <PageHeading lead={t('verify.lead')}>{t('verify.heading')}</PageHeading>
      {check.data ? (
        <>
          <VerificationReportView outcome={check.data} />
          <Button variant="secondary" onClick={() => check.reset()}>
            {t('verify.again')}
          </Button>
        </>
      ) : (
        <>
          <ModeChoice mode={mode} onChange={setMode} isBrowserAvailable={isBrowserAvailable} />
          <AsOfDate value={asOf} onChange={setAsOf} />
          <p data-testid="verify-privacy" className="rounded-md border border-line bg-canvas px-3 py-2">
            {t(mode === 'browser' ? 'verify.privacy.browser' : 'verify.privacy.server')}
          </p>
          <DropZone
            label={t('verify.choose')}
            onFiles={take}
            isBusy={check.isPending}
            isMultiple={false}
            texts={{
              heading: t('verify.dropHeading'),
              hint: t(mode === 'browser' ? 'verify.privacy.browser' : 'verify.privacy.server'),
              busy: t('verify.checking', { name: fileName }),
            }}
          />
          <FormAlert message={check.error ? t(describeRefusal(check.error)) : null} />
        </>
      )}
    </article>
  );
}
