// Renders the active dialog with Radix Dialog, which traps focus, blocks page scroll and restores
// focus on close (spec 4). Persistent dialogs (accept terms) ignore Escape and outside clicks. A
// dialog taller than the viewport (a phone at 320x568) scrolls inside its box. Loaded with the
// first dialog (dialog-host.tsx), so Radix and the dialogs stay out of the first page load.
import * as Dialog from '@radix-ui/react-dialog';
import { useTranslation } from 'react-i18next';
import { dialogRegistry } from './dialog-registry.js';
import { useDialogs } from './dialog-store.js';

export function DialogFrame() {
  const { t } = useTranslation();
  const dialogs = useDialogs();
  const active = dialogs.active;
  const entry = active ? dialogRegistry[`${active.namespace}/${active.name}`] : undefined;
  if (active && !entry) console.error(`No dialog registered as ${active.namespace}/${active.name}`);

  const preventIfPersistent = (event: Event) => {
    if (entry?.isPersistent) event.preventDefault();
  };

  return (
    <Dialog.Root
      open={Boolean(active && entry)}
      onOpenChange={(isOpen) => {
        if (!isOpen && !entry?.isPersistent) dialogs.close();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[var(--z-dialog)] bg-ink/50" />
        <Dialog.Content
          onEscapeKeyDown={preventIfPersistent}
          onPointerDownOutside={preventIfPersistent}
          onInteractOutside={preventIfPersistent}
          className="fixed top-1/2 left-1/2 z-[var(--z-dialog)] max-h-[calc(100dvh-2rem)] w-[min(32rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto overscroll-contain rounded-lg bg-white p-6 shadow-xl"
        >
          {active && entry && <entry.Component record={active} />}
          {entry && !entry.isPersistent && (
            <Dialog.Close
              className="absolute top-3 right-3 rounded p-1 text-muted"
              aria-label={t('app.close')}
            >
              ×
            </Dialog.Close>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
