// Renders the active dialog with Radix Dialog, which traps focus, blocks page scroll and restores
// focus on close (spec 4). Persistent dialogs (accept terms) ignore Escape and outside clicks. A
// dialog taller than the viewport (a phone at 320x568) scrolls inside its box. Loaded with the
// first dialog (dialog-host.tsx), so Radix and the dialogs stay out of the first page load. The
// entries are every feature's dialogs, composed by the app (`app/modal-entries.ts`).
import * as Dialog from '@radix-ui/react-dialog';
import { useTranslation } from 'react-i18next';
import { useDialogs } from './dialog-store.js';
import type { DialogEntries, DialogEntry, DialogKey } from './dialog-store.js';

/**
 * The entry of the active dialog. The record and the entry agree on the key, which TypeScript
 * cannot follow through a lookup by a computed key, hence the one widening here.
 */
function entryOf(entries: DialogEntries<DialogKey>, key: string): DialogEntry<DialogKey> | undefined {
  return (entries as Partial<Record<string, DialogEntry<DialogKey>>>)[key];
}

export function DialogFrame({ entries }: { entries: DialogEntries<DialogKey> }) {
  const { t } = useTranslation();
  const dialogs = useDialogs();
  const active = dialogs.active;
  const entry = active ? entryOf(entries, `${active.namespace}/${active.name}`) : undefined;
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
