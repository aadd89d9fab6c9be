// The signature qualities of the signed-in user (spec 3, User.signatureQualities): the highest one
// by the domain rule of spec 4, then each personal quality and seal with whether it is held. The
// qualities come with the user (GET /v1/user); the server has no separate detail call yet. An
// advanced quality held on the word of the person's business (AES for business, ADR 057) names
// it, and says that identifying is then needed for qualified signatures only.
import type { User } from '@countersign/contract';
import { QUALITY_STATUS_ACTIVE, QUALITY_STATUS_DEMO, highestQuality } from '@countersign/domain';
import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';

type Qualities = User['signatureQualities'];
type Row = {
  label: ParseKeys;
  legislation?: ParseKeys;
  status: string | undefined;
  vouchedBy?: string | undefined;
};

function rowsOf(q: Qualities): Row[] {
  return [
    { label: 'profile.qualities.ses', status: q.ses.any.status },
    { label: 'profile.qualities.aes', status: q.aes.any.status, vouchedBy: q.aes.any.vouchedBy },
    {
      label: 'profile.qualities.aes',
      legislation: 'profile.qualities.eidas',
      status: q.aesMinimal.eidas.status,
    },
    {
      label: 'profile.qualities.aes',
      legislation: 'profile.qualities.zertes',
      status: q.aesMinimal.zertes.status,
    },
    { label: 'profile.qualities.qes', legislation: 'profile.qualities.eidas', status: q.qes.eidas.status },
    { label: 'profile.qualities.qes', legislation: 'profile.qualities.zertes', status: q.qes.zertes.status },
    { label: 'profile.qualities.sealAes', status: q.seal.aes.status },
    { label: 'profile.qualities.sealQes', status: q.seal.qes.status },
  ];
}

const isHeld = (status: string | undefined) => {
  const lowered = status?.toLowerCase();
  return lowered === QUALITY_STATUS_ACTIVE || lowered === QUALITY_STATUS_DEMO;
};

export function SignatureQualities({ user }: { user: User }) {
  const { t } = useTranslation();
  const highest = highestQuality(user.signatureQualities, user.emailVerified);
  const vouchedBy = isHeld(user.signatureQualities.aes.any.status)
    ? user.signatureQualities.aes.any.vouchedBy
    : undefined;
  return (
    <section aria-labelledby="qualities-heading" className="rounded-lg border border-line bg-white p-4">
      <h2 id="qualities-heading" className="mb-2 text-lg font-semibold">
        {t('profile.overview.qualitiesHeading')}
      </h2>
      <p className="mb-3" data-testid="highest-quality">
        {t('profile.overview.highest', { quality: t(`profile.qualities.${highest}`) })}
      </p>
      {vouchedBy && (
        <p className="mb-3 text-sm" data-testid="vouched-by-business">
          {t('profile.qualities.vouched', { business: vouchedBy })}
        </p>
      )}
      <ul className="flex flex-col divide-y divide-line">
        {rowsOf(user.signatureQualities).map((row, index) => {
          const held = isHeld(row.status);
          return (
            <li key={index} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
              <span>
                {t(row.label)}
                {row.legislation && ` (${t(row.legislation)})`}
              </span>
              <span className={held ? 'font-semibold text-success-dark' : 'text-muted'}>
                {held ? t('profile.qualities.held') : t('profile.qualities.notHeld')}
                {held &&
                  row.vouchedBy &&
                  ` · ${t('profile.qualities.vouchedBy', { business: row.vouchedBy })}`}
                {row.status && !held && ` · ${t('profile.qualities.status', { status: row.status })}`}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
