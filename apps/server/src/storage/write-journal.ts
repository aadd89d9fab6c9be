// Which blobs each process incarnation has written lately (ADR 046), so that start-up recovery
// can find the uncommitted revisions and uploads of a process that was killed without walking
// the whole store, and without touching what a live process is writing. Each incarnation appends
// the name of every blob file it creates, before creating it, to its own file in
// `<blobs>/.writes/`, one per hour; it deletes its own files once older than two hours, by when
// the blob sweep's grace period covers what they name.
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';

const HOUR_MS = 60 * 60 * 1000;
/** `<incarnation id>.<hours since 1970>` */
const JOURNAL = /^([0-9a-f-]{36})\.([0-9]+)$/;

export interface WriteJournal {
  /** Notes that this incarnation is about to create the blob file `sha256`. */
  record(sha256: string): void;
}

export function createWriteJournal(root: string, writer: string): WriteJournal {
  const dir = path.join(root, '.writes');
  let hour = -1;
  let file = '';
  const rotate = (now: number) => {
    hour = now;
    file = path.join(dir, `${writer}.${hour}`);
    fs.mkdirSync(dir, { recursive: true });
    for (const name of fs.readdirSync(dir)) {
      const match = JOURNAL.exec(name);
      if (match?.[1] === writer && Number(match[2]) < hour - 1)
        fs.rmSync(path.join(dir, name), { force: true });
    }
  };
  return {
    record(sha256) {
      const now = Math.floor(Date.now() / HOUR_MS);
      if (now !== hour) rotate(now);
      // a process killed right after this line leaves the name behind; no flush needed for that
      fs.appendFileSync(file, `${sha256}\n`);
    },
  };
}

async function journals(root: string): Promise<{ name: string; writer: string }[]> {
  const names = await fsp.readdir(path.join(root, '.writes')).catch(() => [] as string[]);
  return names.flatMap((name) => {
    const writer = JOURNAL.exec(name)?.[1];
    return writer ? [{ name, writer }] : [];
  });
}

/** The incarnations that have a journal. */
export async function journalWriters(root: string): Promise<Set<string>> {
  return new Set((await journals(root)).map((j) => j.writer));
}

/** Every blob name the given incarnations noted. */
export async function journalled(root: string, writers: Set<string>): Promise<Set<string>> {
  const names = new Set<string>();
  for (const { name, writer } of await journals(root)) {
    if (!writers.has(writer)) continue;
    const text = await fsp.readFile(path.join(root, '.writes', name), 'latin1').catch(() => '');
    for (const line of text.split('\n')) if (/^[0-9a-f]{64}$/.test(line)) names.add(line);
  }
  return names;
}

/** Deletes the journals of the given incarnations, once what they name has been dealt with. */
export async function forgetJournals(root: string, writers: Set<string>): Promise<void> {
  for (const { name, writer } of await journals(root))
    if (writers.has(writer)) await fsp.rm(path.join(root, '.writes', name), { force: true });
}
