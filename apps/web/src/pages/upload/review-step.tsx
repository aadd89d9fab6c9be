// The last step: what will be sent (documents, signers with the fields placed for them,
// observers, level and deadline) and the Send button. A signer with no signature field on a
// document is named, since they would sign it invisibly.
import type { SignatureRequest } from '@countersign/contract';
import { signersWithoutSignatureField } from '@countersign/domain';
import { useTranslation } from 'react-i18next';
import type { DraftModel } from './draft-model.js';

/** The signers (shown names) who have no signature field on some document, for the question before sending. */
export function signersSigningInvisibly(
  model: DraftModel,
  request: Pick<SignatureRequest, 'documents'>,
): string[] {
  const emails = model.signers.map((s) => s.email);
  const fields = model.fields.map((f) => ({ ...f, signerId: f.signerEmail }));
  return signersWithoutSignatureField(
    emails,
    request.documents.map((d) => d.id),
    fields,
  ).map(({ signerId }) => {
    const signer = model.signers.find((s) => s.email === signerId);
    return signer?.name.trim() || signerId;
  });
}

export function ReviewStep({ model, request }: { model: DraftModel; request: SignatureRequest }) {
  const { t } = useTranslation();
  const invisible = signersSigningInvisibly(model, request);
  return (
    <div className="flex flex-col gap-4">
      <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
        <dt className="font-semibold">{t('send.details.title')}</dt>
        <dd className="break-words">{model.title || '—'}</dd>
        <dt className="font-semibold">{t('send.documents.heading')}</dt>
        <dd>
          <ul>
            {request.documents.map((d) => (
              <li key={d.id} className="break-all">
                {d.fileName} ({t('send.documents.pages', { n: d.pageCount })})
              </li>
            ))}
          </ul>
        </dd>
        <dt className="font-semibold">{t('send.recipients.signers')}</dt>
        <dd>
          <ul>
            {model.signers.map((s) => (
              <li key={s.email} className="break-all">
                {s.name.trim()
                  ? `${s.name.trim()} (${s.groupId ? t('send.recipients.groupTag') : s.email})`
                  : s.email}
                :{' '}
                {t('send.review.fieldCount', {
                  count: model.fields.filter((f) => f.signerEmail === s.email).length,
                })}
              </li>
            ))}
          </ul>
        </dd>
        {model.observers.length > 0 && (
          <>
            <dt className="font-semibold">{t('send.recipients.observers')}</dt>
            <dd className="break-all">{model.observers.join(', ')}</dd>
          </>
        )}
        <dt className="font-semibold">{t('send.level.legend')}</dt>
        <dd>
          {t(`send.level.${model.quality}`)}, {t(`send.level.${model.legislation}`)}
        </dd>
      </dl>
      {invisible.length > 0 && (
        <p className="rounded-md border border-warning bg-warning/10 p-3 text-sm">
          {t('send.review.invisible', { names: invisible.join(', ') })}
        </p>
      )}
    </div>
  );
}
