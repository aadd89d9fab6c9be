// /business/extras (admins): what the plan adds beyond its seats (GET .../customextras): who the
// business pays identification for under each legislation, the seats it may have, the signatures
// per seat; and the business's referral code to pass on.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button.js';
import { FormAlert } from '../../components/form-alert.js';
import { PageHeading } from '../../components/page-heading.js';
import { Spinner } from '../../components/spinner.js';
import { useCustomExtras, useReferralCode } from '../../features/billing/billing-api.js';
import type { CustomExtras } from '../../features/billing/billing-api.js';
import { BusinessGate } from '../../features/business/business-gate.js';
import { describeApiError } from '../../features/errors/describe-api-error.js';

export function ExtrasPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeading lead={t('billing.extras.lead')}>{t('billing.extras.heading')}</PageHeading>
      <BusinessGate>{() => <Extras />}</BusinessGate>
    </>
  );
}

function Extras() {
  const { t } = useTranslation();
  const extras = useCustomExtras();
  if (extras.isPending) return <Spinner label={t('app.loading')} />;
  if (extras.isError) return <FormAlert message={t(describeApiError(extras.error))} />;
  return (
    <div className="flex flex-col gap-8">
      <Licences extras={extras.data} />
      <section aria-labelledby="extras-seats" className="flex flex-col gap-2">
        <h2 id="extras-seats" className="text-lg font-bold">
          {t('billing.extras.seats')}
        </h2>
        <p data-testid="extras-seats">
          {t('billing.extras.seatsRange', {
            purchased: extras.data.seats.purchased,
            min: extras.data.seats.min,
            max: extras.data.seats.max ?? t('billing.unlimited'),
          })}
        </p>
      </section>
      <section aria-labelledby="extras-signatures" className="flex flex-col gap-2">
        <h2 id="extras-signatures" className="text-lg font-bold">
          {t('billing.extras.signatures')}
        </h2>
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-sm">
          {(['ses', 'aes', 'qes'] as const).map((level) => (
            <div key={level} className="contents">
              <dt>{t(`billing.levels.${level}`)}</dt>
              <dd>{extras.data.signaturesPerSeat[level] ?? t('billing.unlimited')}</dd>
            </div>
          ))}
        </dl>
      </section>
      <Referral />
    </div>
  );
}

function Licences({ extras }: { extras: CustomExtras }) {
  const { t } = useTranslation();
  const legislations = ['eidas', 'zertes'] as const;
  const yesNo = (value: boolean) => (value ? t('billing.extras.yes') : t('billing.extras.no'));
  return (
    <section aria-labelledby="extras-idents" className="flex flex-col gap-2">
      <h2 id="extras-idents" className="text-lg font-bold">
        {t('billing.extras.idents')}
      </h2>
      <table className="text-sm">
        <thead>
          <tr>
            <td />
            <th scope="col" className="px-3 text-left">
              {t('billing.extras.payForMembers')}
            </th>
            <th scope="col" className="px-3 text-left">
              {t('billing.extras.payForInvitations')}
            </th>
          </tr>
        </thead>
        <tbody>
          {legislations.map((legislation) => {
            const licence = extras.licenses.idents[legislation];
            return (
              <tr key={legislation}>
                <th scope="row" className="py-1 pr-3 text-left">
                  {t(`billing.extras.legislation.${legislation}`)}
                </th>
                <td className="px-3" data-testid={`licence-${legislation}-members`}>
                  {yesNo(licence.payForMembers)}
                </td>
                <td className="px-3">{yesNo(licence.payForInvitations)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}

function Referral() {
  const { t } = useTranslation();
  const referral = useReferralCode();
  const [isCopied, setCopied] = useState(false);
  if (!referral.data) return null;
  const code = referral.data.referralCode;
  return (
    <section aria-labelledby="extras-referral" className="flex flex-col gap-2">
      <h2 id="extras-referral" className="text-lg font-bold">
        {t('billing.extras.referral')}
      </h2>
      <p className="text-sm text-muted">{t('billing.extras.referralText')}</p>
      <div className="flex items-center gap-3">
        <code className="rounded bg-canvas px-2 py-1 text-lg" data-testid="referral-code">
          {code}
        </code>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => void navigator.clipboard?.writeText(code).then(() => setCopied(true))}
        >
          {t('billing.extras.copy')}
        </Button>
        <span role="status" className="text-sm">
          {isCopied ? t('billing.extras.copied') : ''}
        </span>
      </div>
    </section>
  );
}
