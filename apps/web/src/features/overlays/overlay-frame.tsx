// Renders the active full-screen overlay (spec 2: white opaque persistent scrim, z-index 1900 of
// spec 9). Radix Dialog traps focus, blocks page scroll and restores focus on close; overlays
// are persistent, so Escape and clicks do nothing: each one closes through its own buttons.
// Loaded with the first overlay (overlay-host.tsx), keeping Radix out of the first page load. The
// entries are every feature's overlays, composed by the app (`app/modal-entries.ts`).
import * as Dialog from '@radix-ui/react-dialog';
import { useOverlays } from './overlay-store.js';
import type { OverlayComponent, OverlayEntries, OverlayName } from './overlay-store.js';

/** The active overlay's component: record and entry agree on the name, which a lookup loses. */
function componentOf(
  entries: OverlayEntries<OverlayName>,
  name: string,
): OverlayComponent<OverlayName> | undefined {
  return (entries as Partial<Record<string, OverlayComponent<OverlayName>>>)[name];
}

export function OverlayFrame({ entries }: { entries: OverlayEntries<OverlayName> }) {
  const overlays = useOverlays();
  const active = overlays.active;
  const Component = active ? componentOf(entries, active.name) : undefined;
  if (active && !Component) console.error(`No overlay registered as ${active.name}`);
  const keepOpen = (event: Event) => event.preventDefault();
  return (
    <Dialog.Root open={Boolean(active && Component)}>
      <Dialog.Portal>
        <Dialog.Content
          onEscapeKeyDown={keepOpen}
          onPointerDownOutside={keepOpen}
          onInteractOutside={keepOpen}
          aria-describedby={undefined}
          data-overlay={active?.name}
          className="fixed inset-0 z-[var(--z-overlay-scrim)] flex items-center justify-center overflow-y-auto bg-white p-6"
        >
          {active && Component && <Component record={active} />}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
