// What the serving thread and its worker threads (ADR 028, ADR 029) say to each other: a task
// with a number, and a reply to that number.
import type { LocalSigningJob } from '../modules/signature-requests/sign-and-store.js';

export type WorkerTask =
  | { id: number; kind: 'completion-mail'; requestId: string }
  | { id: number; kind: 'due-completion-mails' }
  | { id: number; kind: 'sign'; job: LocalSigningJob }
  | { id: number; kind: 'close' };

/** A task before it gets its number (Omit over each member of the union, not the union as a whole). */
export type TaskBody = WorkerTask extends infer T ? (T extends unknown ? Omit<T, 'id'> : never) : never;

export type WorkerReply =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; message: string; code?: string | undefined };
