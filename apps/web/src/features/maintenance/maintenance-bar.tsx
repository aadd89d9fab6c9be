// Spec 2: a non-blocking maintenance shows a warning bar at the top (maintenance.light.text and
// .link_text); a blocking one shows no bar (the route gate sends users to /maintenance instead).
import { useTranslation } from 'react-i18next';
import type { MaintenanceNotice } from './app-config.js';

export function MaintenanceBar({ maintenance }: { maintenance: MaintenanceNotice | null }) {
  const { t } = useTranslation();
  if (!maintenance || maintenance.isBlocking) return null;
  return (
    <div
      role="status"
      className="flex flex-wrap items-center justify-center gap-2 bg-warning px-4 py-2 text-sm text-ink"
    >
      <span>{t('maintenance.light.text')}</span>
      {maintenance.url && (
        <a href={maintenance.url} className="font-semibold underline" target="_blank" rel="noreferrer">
          {t('maintenance.light.link_text')}
        </a>
      )}
    </div>
  );
}
