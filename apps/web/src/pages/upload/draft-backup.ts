// The working copy of a draft this browser keeps until the server has it (localStorage, one entry
// per draft), so a reload or a closed tab loses nothing. Deleting a draft forgets its copy.
import type { DraftModel } from './draft-model.js';

const backupKey = (id: string) => `countersign.draft.${id}`;

/** The working copy this browser kept of a draft, if it did not reach the server. */
export function readBackup(id: string): DraftModel | null {
  try {
    const raw = localStorage.getItem(backupKey(id));
    // a copy kept before the TAN switch existed lacks it: off, as the server's default
    return raw ? ({ tanRequired: false, ...(JSON.parse(raw) as Partial<DraftModel>) } as DraftModel) : null;
  } catch {
    return null;
  }
}

/** Keeps the working copy, or forgets it (null) once the server has it or the draft is gone. */
export function writeBackup(id: string, model: DraftModel | null): void {
  try {
    if (model) localStorage.setItem(backupKey(id), JSON.stringify(model));
    else localStorage.removeItem(backupKey(id));
  } catch {
    // storage full or blocked: the server save still runs
  }
}
