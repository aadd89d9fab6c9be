// /terms and /privacy: the terms and privacy policy the signup form links to. An operator who
// publishes their own (TERMS_URL, PRIVACY_URL) is pointed to; otherwise the built-in texts show,
// in the visitor's language.
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../components/page-heading.js';
import { useAppConfig } from '../../features/maintenance/use-app-config.js';

const TERMS_PARTS = ['service', 'account', 'content', 'signatures', 'availability', 'changes'] as const;
const PRIVACY_PARTS = ['data', 'purpose', 'sharing', 'storage', 'browser', 'rights'] as const;

function OperatorPage({ lead, url }: { lead: string; url: string }) {
  return (
    <p>
      {lead}{' '}
      <a href={url} className="font-semibold break-all text-primary-dark underline">
        {url}
      </a>
    </p>
  );
}

export function TermsPage() {
  const { t } = useTranslation();
  const { config } = useAppConfig();
  return (
    <article className="flex max-w-prose flex-col gap-4">
      <PageHeading lead={config.termsUrl ? undefined : t('legal.terms.intro')}>
        {t('legal.terms.heading')}
      </PageHeading>
      {config.termsUrl ? (
        <OperatorPage lead={t('legal.operatorTerms')} url={config.termsUrl} />
      ) : (
        TERMS_PARTS.map((part) => <p key={part}>{t(`legal.terms.${part}`)}</p>)
      )}
    </article>
  );
}

export function PrivacyPage() {
  const { t } = useTranslation();
  const { config } = useAppConfig();
  return (
    <article className="flex max-w-prose flex-col gap-4">
      <PageHeading lead={config.privacyUrl ? undefined : t('legal.privacy.intro')}>
        {t('legal.privacy.heading')}
      </PageHeading>
      {config.privacyUrl ? (
        <OperatorPage lead={t('legal.operatorPrivacy')} url={config.privacyUrl} />
      ) : (
        PRIVACY_PARTS.map((part) => <p key={part}>{t(`legal.privacy.${part}`)}</p>)
      )}
    </article>
  );
}
