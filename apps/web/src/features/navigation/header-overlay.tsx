// Overlay `header` (spec 2). The spec leaves its trigger open; ours (ADR 096): below the `sm`
// width the header's links would wrap into a stack taller than a fifth of the screen, so they fold
// behind its Menu button, which opens this overlay, full screen, with the same links. Following a
// link closes it after the menu close delay of spec 9 (5 ms), so the tap lands on the link before
// the overlay goes; "Close" closes it at once.
import { MENU_CLOSE_DELAY_MS } from '@countersign/domain';
import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button.js';
import { OVERLAY_COMPLETE, useOverlays } from '../overlays/overlay-store.js';
import { MainLinks } from './main-links.js';

export function HeaderOverlay() {
  const { t } = useTranslation();
  const overlays = useOverlays();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const closeSoon = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void overlays.runAction(OVERLAY_COMPLETE), MENU_CLOSE_DELAY_MS);
  };
  return (
    <div className="flex h-full w-full max-w-md flex-col gap-4 self-start">
      <div className="flex items-center justify-between">
        <Dialog.Title className="text-xl font-bold">{t('nav.menu')}</Dialog.Title>
        <Button variant="text" onClick={() => void overlays.runAction(OVERLAY_COMPLETE)}>
          {t('app.close')}
        </Button>
      </div>
      <div className="flex flex-col items-start gap-2">
        <MainLinks isStacked onFollow={closeSoon} />
      </div>
    </div>
  );
}
