// What the serving thread and its background worker (ADR 028) say to each other: a task with a
// number, and a reply to that number.
export type WorkerTask =
  | { id: number; kind: 'completion-mail'; requestId: string }
  | { id: number; kind: 'due-completion-mails' }
  | { id: number; kind: 'close' };

export type WorkerReply =
  { id: number; ok: true; value: unknown } | { id: number; ok: false; message: string };
