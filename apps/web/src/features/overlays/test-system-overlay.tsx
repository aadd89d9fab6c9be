// Spec 2: non-production systems show a 'Test System' overlay unless localStorage has a
// hide-staging-alert entry. It sits in a corner above the page rather than blocking it, so the
// test system stays usable; "I understand" stores the entry and hides it for good. The corner is
// the top one, under the bar: the bottom one is where a signer's Sign and Decline bar stays.
import { HIDE_STAGING_ALERT_KEY } from '@countersign/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/services.js';
import { Button } from '../../components/button.js';
import type { Environment } from '../maintenance/app-config.js';

export function shouldShowTestSystem(environment: Environment, storage: Storage): boolean {
  return environment !== 'production' && storage.getItem(HIDE_STAGING_ALERT_KEY) === null;
}

export function TestSystemOverlay({ environment }: { environment: Environment }) {
  const { t } = useTranslation();
  const { storage } = useServices();
  const [isHidden, setHidden] = useState(false);
  if (isHidden || !shouldShowTestSystem(environment, storage)) return null;
  return (
    <section
      aria-labelledby="test-system-heading"
      className="fixed top-[calc(var(--toolbar-height)+1rem)] right-4 left-4 z-[var(--z-overlay-scrim)] ml-auto flex max-w-sm flex-col gap-3 rounded-lg border-2 border-warning bg-white p-4 shadow-xl"
      data-testid="test-system-overlay"
    >
      <h2 id="test-system-heading" className="font-bold">
        <span className="rounded bg-warning px-2 py-0.5 text-ink">{t('testSystem.heading')}</span>
      </h2>
      <p className="text-sm">{t('testSystem.text')}</p>
      <Button
        size="sm"
        variant="secondary"
        onClick={() => {
          storage.setItem(HIDE_STAGING_ALERT_KEY, 'true');
          setHidden(true);
        }}
      >
        {t('testSystem.dismiss')}
      </Button>
    </section>
  );
}
