// The report of the public verifier (ADR 079): the file's verdict first, then each signature and
// document time-stamp with who, when, at which level, what changed after it and whether its chain
// reaches the trusted root; the validator's own words under "technical details".
import type { Indication, VerificationReport, VerifiedSignature } from '@countersign/contract';
import { useTranslation } from 'react-i18next';
import type { VerificationOutcome } from '../../features/verify/verifiers.js';

const toneOf: Record<Indication, string> = {
  TOTAL_PASSED: 'border-success bg-success/5 text-success-dark',
  INDETERMINATE: 'border-warning bg-warning/5 text-ink',
  TOTAL_FAILED: 'border-error bg-error/5 text-error-dark',
};

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-1 gap-1 sm:grid-cols-[14rem_1fr]">
      <dt className="font-semibold">{label}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  );
}

function Verdict({ report }: { report: VerificationReport }) {
  const { t } = useTranslation();
  const tone = report.indication ? toneOf[report.indication] : 'border-line bg-white';
  return (
    <p
      role="status"
      data-testid="verify-verdict"
      className={`rounded-lg border px-4 py-3 text-lg font-semibold ${tone}`}
    >
      {report.indication ? t(`verify.overall.${report.indication}`) : t('verify.overall.none')}
    </p>
  );
}

function SignatureCard({ signature, n }: { signature: VerifiedSignature; n: number }) {
  const { t } = useTranslation();
  const isTimestamp = signature.kind === 'document-timestamp';
  const who =
    [signature.signer.commonName, signature.signer.organisation, signature.signer.email]
      .filter((part, i, all) => part && all.indexOf(part) === i)
      .join(', ') || t('verify.signature.unknownSigner');
  const none = t('verify.signature.none');
  return (
    <section
      aria-label={t(isTimestamp ? 'verify.signature.timestamp' : 'verify.signature.signature', { n })}
      data-testid="verify-signature"
      className="flex flex-col gap-3 rounded-lg border border-line bg-white p-4"
    >
      <header className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-lg font-semibold">
          {t(isTimestamp ? 'verify.signature.timestamp' : 'verify.signature.signature', { n })}
        </h3>
        <span
          className={`rounded-full border px-3 py-1 text-sm font-semibold ${toneOf[signature.indication]}`}
        >
          {t(`verify.indication.${signature.indication}`)}
        </span>
      </header>
      <dl className="flex flex-col gap-2">
        <Row label={t(isTimestamp ? 'verify.signature.tsa' : 'verify.signature.signer')}>{who}</Row>
        {!isTimestamp && (
          <>
            <Row label={t('verify.signature.level')}>{signature.level ?? t('verify.signature.noLevel')}</Row>
            <Row label={t('verify.signature.longTerm')}>
              {t(
                signature.hasLongTermValidation
                  ? 'verify.signature.longTermYes'
                  : 'verify.signature.longTermNo',
              )}
            </Row>
            <Row label={t('verify.signature.signingTime')}>{signature.signingTime ?? none}</Row>
          </>
        )}
        <Row label={t('verify.signature.timestampTime')}>{signature.timestampTime ?? none}</Row>
        <Row label={t('verify.signature.integrity')}>
          {t(signature.isDigestValid ? 'verify.signature.integrityOk' : 'verify.signature.integrityBroken')}
        </Row>
        <Row label={t('verify.signature.coverage')}>
          {signature.coverage === 'whole-file'
            ? t('verify.signature.coverageWhole')
            : t('verify.signature.coverageRevision', { bytes: signature.signedRevisionLength })}
        </Row>
        <Row label={t('verify.signature.changes')}>{t(`verify.changes.${signature.changesAfter}`)}</Row>
        <Row label={t('verify.signature.chain')}>
          <span>
            {t(signature.chainsToTrustAnchor ? 'verify.signature.trusted' : 'verify.signature.untrusted')}
          </span>
          <ol className="mt-1 list-decimal pl-6 text-sm text-muted">
            {signature.certificateChain.map((subject, i) => (
              <li key={i}>{subject}</li>
            ))}
          </ol>
        </Row>
      </dl>
      <details className="text-sm">
        <summary className="cursor-pointer">{t('verify.signature.details')}</summary>
        <dl className="mt-2 flex flex-col gap-1">
          <Row label="SubFilter">{signature.subFilter}</Row>
          <Row label={t('verify.signature.subIndication')}>
            {signature.indication}
            {signature.subIndication ? ` / ${signature.subIndication}` : ''}
          </Row>
          <Row label="Field">{signature.fieldName}</Row>
        </dl>
        {signature.problems.length > 0 && (
          <ul className="mt-2 list-disc pl-6" lang="en">
            {signature.problems.map((problem, i) => (
              <li key={i}>{problem}</li>
            ))}
          </ul>
        )}
      </details>
    </section>
  );
}

export function VerificationReportView({ outcome }: { outcome: VerificationOutcome }) {
  const { t } = useTranslation();
  const { report } = outcome;
  let signatures = 0;
  let timestamps = 0;
  return (
    <div className="flex flex-col gap-4" data-testid="verify-report" data-mode={outcome.mode}>
      <Verdict report={report} />
      <section aria-labelledby="verify-file" className="rounded-lg border border-line bg-white p-4">
        <h2 id="verify-file" className="mb-2 text-lg font-semibold">
          {t('verify.file.heading')}
        </h2>
        <dl className="flex flex-col gap-2">
          <Row label={t('verify.file.name')}>{outcome.fileName}</Row>
          <Row label={t('verify.file.size')}>{t('verify.file.sizeBytes', { count: report.size })}</Row>
          <Row label={t('verify.file.sha256')}>
            <code className="text-sm break-all">{report.sha256}</code>
          </Row>
          <Row label={t('verify.file.checkedAt')}>{report.validationTime}</Row>
          <Row label={t('verify.file.where')}>
            {t(outcome.mode === 'browser' ? 'verify.file.whereBrowser' : 'verify.file.whereServer')}
            {' · '}
            {t('verify.checkedIn', { ms: Math.round(outcome.ms) })}
          </Row>
          <Row label={t('verify.file.anchors')}>{report.trustAnchors.join('; ')}</Row>
        </dl>
      </section>
      {report.signatures.map((signature, i) => (
        <SignatureCard
          key={i}
          signature={signature}
          n={signature.kind === 'document-timestamp' ? ++timestamps : ++signatures}
        />
      ))}
    </div>
  );
}
