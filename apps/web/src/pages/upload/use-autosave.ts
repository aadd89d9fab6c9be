// Drafts save as they change: shortly after the last edit, the working copy is written to the
// server (one save at a time; edits made meanwhile follow in the next). Until the server has it,
// the working copy is also kept in this browser (localStorage, per draft), so a reload or a
// closed tab in between loses nothing: the next visit takes it up and saves it.
import type { SignatureRequest } from '@countersign/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useServices } from '../../app/services.js';
import { draftQueryKey, saveDraft } from './draft-actions.js';
import { writeBackup } from './draft-backup.js';
import type { DraftModel } from './draft-model.js';

/** How long after the last edit the draft is saved. */
export const AUTOSAVE_DELAY_MS = 700;

export type SaveState = 'saved' | 'pending' | 'saving' | 'failed';

export function useAutosave(request: SignatureRequest, model: DraftModel, savedModel: DraftModel) {
  const { api } = useServices();
  const queryClient = useQueryClient();
  const latest = useRef({ request, model });
  latest.current = { request: latest.current.request, model };
  const lastSaved = useRef(JSON.stringify(savedModel));
  const running = useRef<Promise<void> | null>(null);
  const [state, setState] = useState<SaveState>('saved');
  const [error, setError] = useState<unknown>(null);
  const isDirty = JSON.stringify(model) !== lastSaved.current;

  const saveNow = useCallback(async (): Promise<SignatureRequest> => {
    while (running.current) await running.current;
    const { model: toSave } = latest.current;
    const text = JSON.stringify(toSave);
    if (text === lastSaved.current) return latest.current.request;
    setState('saving');
    let result: SignatureRequest | undefined;
    let failed: unknown = null;
    const work = (async () => {
      try {
        result = await saveDraft(api, latest.current.request, toSave);
        latest.current.request = result;
        lastSaved.current = text;
        queryClient.setQueryData(draftQueryKey(result.id), result);
        setError(null);
        const isCurrent = JSON.stringify(latest.current.model) === text;
        setState(isCurrent ? 'saved' : 'pending');
        if (isCurrent) writeBackup(result.id, null);
      } catch (failure) {
        failed = failure;
        setError(failure);
        setState('failed');
      }
    })();
    running.current = work;
    await work;
    running.current = null;
    if (!result) throw failed;
    return result;
  }, [api, queryClient]);

  // documents added or removed elsewhere on the page come in as a new request
  useEffect(() => {
    latest.current.request = request;
  }, [request]);

  useEffect(() => {
    if (!isDirty) return undefined;
    writeBackup(request.id, model);
    setState((s) => (s === 'saving' ? s : 'pending'));
    const timer = setTimeout(() => void saveNow().catch(() => undefined), AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [model, isDirty, request.id, saveNow]);

  /** Whether the latest edit has not reached the server, as of now (not of the last render). */
  const isDirtyNow = useCallback(() => JSON.stringify(latest.current.model) !== lastSaved.current, []);

  return { state: isDirty && state === 'saved' ? 'pending' : state, error, isDirty, isDirtyNow, saveNow };
}
