// The garbage collector of our worker threads (ADR 030). A signing thread holds little (about 25 MB
// of heap) but each signature passes several 1 MB buffers through it, some of which outlive a
// young-generation collection. V8 sizes an isolate's old generation from what it holds, so a
// small heap got a limit only a few megabytes above its live size and ran a full collection every
// few signatures (about 12 a second, measured). Starting worker isolates with a larger old
// generation lets them collect those buffers in batches, for a few tens of megabytes of memory.
import v8 from 'node:v8';

/** The old generation a worker isolate may fill before its first full collection. */
const THREAD_INITIAL_OLD_SPACE_MB = 128;

const FLAG = '--initial-old-space-size';
let configured = false;

/**
 * Before the first worker thread starts. V8 reads the flag when it creates an isolate, so it
 * reaches the worker threads started from now on and leaves the running serving thread as it is.
 * A size given on the command line (or in NODE_OPTIONS) wins.
 */
export function configureThreadHeaps(): void {
  if (configured) return;
  configured = true;
  const given = [...process.execArgv, ...(process.env['NODE_OPTIONS'] ?? '').split(/\s+/)];
  if (given.some((arg) => arg.startsWith(FLAG) || arg.startsWith('--initial-heap-size'))) return;
  try {
    v8.setFlagsFromString(`${FLAG}=${THREAD_INITIAL_OLD_SPACE_MB}`);
  } catch {
    // a V8 that no longer takes flags once running: the threads keep V8's own sizing
  }
}
