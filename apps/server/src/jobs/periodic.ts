// A job that a serving process runs in the background: once soon after start, then every
// `everyMs`, never overlapping itself in one process (a slow run skips the next tick). Several
// processes may run the same job; each job makes its own claims so they share the work.
export interface JobLog {
  info(obj: unknown, msg: string): void;
  error(obj: unknown, msg: string): void;
}

/** Runs `work` periodically until the returned stop function is called; logs what it reports. */
export function schedulePeriodic<T>(
  name: string,
  work: () => Promise<T>,
  isWorthLogging: (result: T) => boolean,
  log: JobLog,
  everyMs: number,
  firstAfterMs = 10_000,
): () => void {
  let running = false;
  const run = () => {
    if (running) return;
    running = true;
    work()
      .then((result) => {
        if (isWorthLogging(result)) log.info({ result }, `${name} done`);
      })
      .catch((err: unknown) => log.error({ err }, `${name} failed`))
      .finally(() => {
        running = false;
      });
  };
  const timer = setInterval(run, everyMs);
  timer.unref();
  const first = setTimeout(run, firstAfterMs);
  first.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
