// /maintenance: where a blocking maintenance sends everyone (spec 2), with the status link if the
// server gave one.
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../components/page-heading.js';
import { useAppConfig } from '../../features/maintenance/use-app-config.js';

export function MaintenancePage() {
  const { t } = useTranslation();
  const { config } = useAppConfig();
  return (
    <>
      <PageHeading lead={t('maintenance.text')}>{t('maintenance.heading')}</PageHeading>
      {config.maintenance?.url && (
        <a href={config.maintenance.url} className="font-semibold text-primary-dark underline">
          {t('maintenance.status')}
        </a>
      )}
    </>
  );
}
