// What the serving thread and its worker threads (ADR 028, ADR 029, ADR 099) say to each other: a
// task with a number, and a reply to that number.
import type { MessagePort } from 'node:worker_threads';
import type { ErrorCode } from '@countersign/contract';
import type { FormFieldSpec, RenderOptions, SignatureFieldSpec } from '@countersign/pdf';
import type { PdfSource, ValidationOptions } from '../modules/signature-requests/pdf-engine.js';
import type { LocalSigningJob } from '../modules/signature-requests/sign-and-store.js';

export type WorkerTask =
  | { id: number; kind: 'completion-mail'; requestId: string }
  | { id: number; kind: 'due-completion-mails' }
  | { id: number; kind: 'sign'; job: LocalSigningJob }
  | { id: number; kind: 'pdf-inspect'; file: string }
  | { id: number; kind: 'pdf-render'; source: PdfSource; pageIndex: number; options: RenderOptions }
  | { id: number; kind: 'pdf-read-signatures'; bytes: Uint8Array }
  | { id: number; kind: 'pdf-validate'; bytes: Uint8Array; options: ValidationOptions }
  | {
      id: number;
      kind: 'pdf-add-fields';
      bytes: Uint8Array;
      signatureFields: readonly SignatureFieldSpec[];
      formFields: readonly FormFieldSpec[];
    }
  | { id: number; kind: 'close' };

/** A task before it gets its number (Omit over each member of the union, not the union as a whole). */
export type TaskBody = WorkerTask extends infer T ? (T extends unknown ? Omit<T, 'id'> : never) : never;

/** The background worker thread's answer to one task (thread-server.ts). */
export type WorkerReply =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; message: string; code?: ErrorCode | undefined };

/** A task as piscina hands it to a signing or PDF thread (pool-thread.ts), numbered by the pool. */
export interface PoolTask {
  id: number;
  body: TaskBody;
}

/** A pool thread's answer: a failure travels as data, so its stable code crosses the boundary. */
export type PoolReply = { thread: number } & (
  { ok: true; value: unknown } | { ok: false; message: string; code?: ErrorCode | undefined }
);

/**
 * What a pool thread tells the serving thread beside its answers. `began`: it has started on the
 * task (its deadline runs from here). `retire`: it holds too much and asks to be handed nothing
 * more; the serving thread answers on `port` once it will not.
 */
export type PoolNotice = { began: number } | { retire: number; port: MessagePort };
