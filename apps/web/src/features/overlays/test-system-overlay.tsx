// Spec 2: non-production systems show a 'Test System' overlay unless localStorage has a
// hide-staging-alert entry. It is a band at the top of the page, in the page's flow, so it pushes
// the page down instead of lying over it: no control (the language switcher, a signer's Sign bar,
// a form's button) is ever under it, at any width. "I understand" stores the entry and hides it
// for good.
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
      className="flex flex-wrap items-center gap-x-4 gap-y-2 border-b-2 border-warning bg-white px-4 py-3"
      data-testid="test-system-overlay"
    >
      <h2 id="test-system-heading" className="font-bold">
        <span className="rounded bg-warning px-2 py-0.5 text-ink">{t('testSystem.heading')}</span>
      </h2>
      <p className="min-w-0 flex-1 basis-60 text-sm">{t('testSystem.text')}</p>
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
