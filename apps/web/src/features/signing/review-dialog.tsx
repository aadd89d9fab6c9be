// The review before a signature is made: what will be signed (the documents, under which name, how
// many fields), then the consent to sign electronically, in the signer's language, which must be
// ticked before "Sign now" does anything. The words come from packages/domain, versioned; the sign
// call names that version and language, and the server records exactly these words. A person listed
// on a seal of their business may apply the seal instead, picked among the seals they are listed on.
import * as Dialog from '@radix-ui/react-dialog';
import { sealEndpoints } from '@countersign/contract';
import type { SigningConsent } from '@countersign/contract';
import {
  SIGNING_CONSENT_VERSION,
  languageForLocale,
  parseLocale,
  signingConsentText,
} from '@countersign/domain';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button.js';
import { CheckboxField } from '../../components/checkbox-field.js';
import { FormAlert } from '../../components/form-alert.js';
import { SelectField } from '../../components/select-field.js';
import { useServices } from '../../app/services.js';
import { useDialogs } from '../dialogs/dialog-store.js';
import { CallStatus } from '../errors/call-status.js';
import { useSession } from '../session/session-provider.js';
import type { DialogRecord } from '../dialogs/dialog-store.js';

export interface ReviewProps {
  documents: string[];
  signerName: string;
  fieldsDone: number;
  fieldsTotal: number;
  /** what the signer typed or ticked, to read once more before signing */
  values: { label: string; kind: 'text' | 'checkbox'; value: string | boolean }[];
  /** the signer may apply a seal of their business (their signature qualities say so) */
  canSeal?: boolean;
}

/** What the review answers: the consent, and the seal to apply if one was chosen. */
export interface ReviewAnswer {
  consent: SigningConsent;
  sealAccountName?: string;
}

export function ReviewDialog({ record }: { record: DialogRecord<'document/review-and-sign'> }) {
  const { t, i18n } = useTranslation();
  const dialogs = useDialogs();
  const checkboxId = useId();
  const [hasAgreed, setAgreed] = useState(false);
  const [isMissing, setMissing] = useState(false);
  const [isSealing, setSealing] = useState(false);
  const [sealName, setSealName] = useState('');
  const seals = useSealsToApply(isSealing);
  // the first seal listed until another is picked
  const seal = sealName || seals.data?.[0]?.name || '';
  const { props } = record;
  const language = languageForLocale(parseLocale(i18n.language) ?? 'en-gb');
  const text = signingConsentText(SIGNING_CONSENT_VERSION, language) ?? '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!hasAgreed) {
      setMissing(true);
      return;
    }
    if (isSealing && !seal) return;
    const consent: SigningConsent = { accepted: true, version: SIGNING_CONSENT_VERSION, language };
    const answer: ReviewAnswer = isSealing ? { consent, sealAccountName: seal } : { consent };
    void dialogs.runAction(answer);
  };

  return (
    <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
      <Dialog.Title className="pr-8 text-xl font-bold">{t('sign.review.title')}</Dialog.Title>
      <Dialog.Description className="text-muted">
        {t('sign.review.text', { name: props.signerName })}
      </Dialog.Description>
      <ul className="flex list-disc flex-col gap-1 pl-5" aria-label={t('sign.review.documents')}>
        {props.documents.map((title) => (
          <li key={title} className="[overflow-wrap:anywhere]">
            {title}
          </li>
        ))}
      </ul>
      {props.fieldsTotal > 0 && (
        <p className="text-sm text-muted">
          {t('sign.review.fields', { done: props.fieldsDone, total: props.fieldsTotal })}
        </p>
      )}
      {props.values.length > 0 && (
        <dl
          className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm"
          aria-label={t('sign.review.values')}
        >
          {props.values.map((v, index) => (
            <div key={index} className="contents">
              <dt className="font-semibold break-words">{v.label}</dt>
              <dd className="[overflow-wrap:anywhere]" data-testid="review-value">
                {v.kind === 'checkbox'
                  ? t(v.value === true ? 'sign.review.ticked' : 'sign.review.notTicked')
                  : String(v.value).trim() || '–'}
              </dd>
            </div>
          ))}
        </dl>
      )}
      {props.canSeal && (
        <SealChoice
          isSealing={isSealing}
          seals={seals}
          name={seal}
          onSealing={setSealing}
          onName={setSealName}
        />
      )}
      <div className="flex items-start gap-3 rounded-md border border-line bg-canvas p-3">
        <input
          id={checkboxId}
          type="checkbox"
          className="mt-1 size-5 shrink-0 accent-primary"
          checked={hasAgreed}
          aria-invalid={isMissing && !hasAgreed}
          onChange={(event) => {
            setAgreed(event.target.checked);
            setMissing(false);
          }}
        />
        <label htmlFor={checkboxId} className="text-sm" data-testid="consent-text" lang={language}>
          {text}
        </label>
      </div>
      <FormAlert message={isMissing && !hasAgreed ? t('sign.review.consentMissing') : null} />
      <div className="flex flex-col gap-2 sm:flex-row-reverse">
        <Button type="submit" size="lg" isBusy={dialogs.isLoading}>
          {t('sign.review.submit')}
        </Button>
        <Button variant="text" onClick={dialogs.close}>
          {t('sign.dialogs.cancel')}
        </Button>
      </div>
    </form>
  );
}

/** The seals of the signer's business they are listed on (the server lists only those), once asked. */
function useSealsToApply(isAsked: boolean) {
  const { api } = useServices();
  const businessId = useSession().user?.business?.id;
  return useQuery({
    queryKey: ['seals-to-apply', businessId],
    queryFn: async ({ signal }) =>
      (await api.call(sealEndpoints.listSeals, { params: { id: businessId ?? '' }, signal })).seals,
    enabled: isAsked && businessId !== undefined,
  });
}

/** Applying a seal of the business instead of signing personally: one of the seals listed. */
function SealChoice(props: {
  isSealing: boolean;
  seals: ReturnType<typeof useSealsToApply>;
  name: string;
  onSealing: (isSealing: boolean) => void;
  onName: (name: string) => void;
}) {
  const { t } = useTranslation();
  const { data, error, isPending } = props.seals;
  return (
    <div className="flex flex-col gap-2 rounded-md border border-line p-3">
      <CheckboxField
        label={t('sign.review.sealOption')}
        checked={props.isSealing}
        onChange={(event) => props.onSealing(event.target.checked)}
      />
      {props.isSealing && <CallStatus isLoading={isPending} error={error} />}
      {props.isSealing && data?.length === 0 && <p className="text-sm">{t('sign.review.sealNone')}</p>}
      {props.isSealing && data && data.length > 0 && (
        <SelectField
          label={t('sign.review.sealName')}
          hint={t('sign.review.sealHint')}
          value={props.name}
          options={data.map((s) => ({ value: s.name, label: `${s.label} (${s.name})` }))}
          onChange={(event) => props.onName(event.target.value)}
        />
      )}
    </div>
  );
}
