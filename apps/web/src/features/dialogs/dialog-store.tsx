// One dialog at a time, addressed by namespace and name (spec 2, "Dialogs"; spec 4, "Dialog"):
// opening one replaces the active one; its action runs with loading on and closes the dialog if
// it is still the active one afterwards; a failing action keeps it open with the error.
//
// Which dialogs exist, and the props each takes, is `DialogPropsMap`: it starts empty here and
// every feature adds its own dialogs to it by declaration merging, beside their components:
//
//     declare module '../dialogs/dialog-store.js' {
//       interface DialogPropsMap { 'business/add-member': undefined; 'business/remove-members': RemoveProps }
//     }
//
// so `open({ namespace: 'business', name: 'remove-members', props })` is checked against
// `RemoveProps` and the dialog's component receives them typed. This module imports no feature.
import { createContext, useContext } from 'react';
import type { ComponentType, ReactNode } from 'react';
import { useSingleActive } from './single-active.js';

/** The props of every dialog by `namespace/name`; `undefined` for a dialog that takes none. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface DialogPropsMap {}

export type DialogKey = keyof DialogPropsMap & string;

type Address<K> = K extends `${infer Namespace}/${infer Name}` ? { namespace: Namespace; name: Name } : never;
type PropsField<P> = undefined extends P ? { props?: P } : { props: P };

export type DialogCallback = (payload?: unknown) => Promise<void> | void;

/** A request to open dialog `K` (any dialog when `K` is left out). */
export type DialogRequest<K extends DialogKey = DialogKey> = K extends DialogKey
  ? Address<K> & PropsField<DialogPropsMap[K]> & { onAction?: DialogCallback }
  : never;

export type DialogRecord<K extends DialogKey = DialogKey> = K extends DialogKey
  ? DialogRequest<K> & { id: number }
  : never;

export interface DialogEntry<K extends DialogKey> {
  /** a function component, so one that takes the records of several dialogs fits each of them */
  Component: (props: { record: DialogRecord<K> }) => ReactNode;
  /** Closes only through its own buttons: Escape and clicks outside are ignored. */
  isPersistent?: boolean;
}

/** Entries for some dialogs, as a feature hands them to the app. */
export type DialogEntries<K extends DialogKey> = { [Key in K]: DialogEntry<Key> };

/**
 * Entries for dialogs that share one component and differ by a spec (a question's texts, a
 * form's fields): each key gets the component with its own spec.
 */
export function entriesFromSpecs<K extends DialogKey, Spec>(
  specs: Record<K, Spec>,
  View: ComponentType<{ spec: Spec; record: DialogRecord<K> }>,
  options: Omit<DialogEntry<K>, 'Component'> = {},
): DialogEntries<K> {
  const entryOf = (spec: Spec): DialogEntry<K> => ({
    ...options,
    Component: ({ record }) => <View spec={spec} record={record} />,
  });
  // The keys are those of `specs`, which Object.entries forgets; and each entry's component takes
  // the records of every key in K, so it serves its own key's, which TypeScript cannot follow
  // through the conditional record type. Both are restored once here.
  return Object.fromEntries(
    (Object.entries(specs) as [K, Spec][]).map(([key, spec]) => [key, entryOf(spec)]),
  ) as unknown as DialogEntries<K>;
}

export interface DialogState {
  active: DialogRecord | null;
  isLoading: boolean;
  actionError: unknown;
  open(request: DialogRequest): number;
  runAction(payload?: unknown): Promise<void>;
  close(): void;
}

const DialogContext = createContext<DialogState | null>(null);

const invokeDialog = (record: DialogRecord, payload?: unknown) => record.onAction?.(payload);
const dialogClosesAfter = () => true;

export function DialogProvider({ children }: { children: ReactNode }) {
  const value: DialogState = useSingleActive<DialogRecord, [payload?: unknown]>(
    invokeDialog,
    dialogClosesAfter,
  );
  return <DialogContext.Provider value={value}>{children}</DialogContext.Provider>;
}

export function useDialogs(): DialogState {
  const state = useContext(DialogContext);
  if (!state) throw new Error('useDialogs needs a DialogProvider');
  return state;
}
