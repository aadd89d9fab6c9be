// Failpoints: named places where a test can stop a server process for good, to prove that a
// process killed there leaves consistent data behind. Only the test configuration can arm them
// (COUNTERSIGN_FAILPOINT, one name or several separated by commas): a call that reaches an armed
// name stops there for good while the process serves on, for the test to kill the process; with
// `:exit` after the name the thread that reaches it ends at once instead (a worker thread ends
// alone, as a crashing one would). Everywhere else they cost one lookup.
export type Failpoint = (name: string) => Promise<void>;

/** The exit code of a thread ended at an `:exit` failpoint. */
export const FAILPOINT_EXIT_CODE = 70;

export function createFailpoint(armed: string | undefined): Failpoint {
  const names = new Map<string, 'stop' | 'exit'>();
  for (const entry of (armed ?? '').split(',').filter((e) => e !== '')) {
    const [name = '', how] = entry.split(':');
    names.set(name, how === 'exit' ? 'exit' : 'stop');
  }
  return async (name) => {
    const how = names.get(name);
    if (!how) return;
    process.stdout.write(`failpoint reached: ${name}\n`);
    if (how === 'exit') process.exit(FAILPOINT_EXIT_CODE);
    await new Promise<never>(() => {
      // never resolves: the test kills the process here
    });
  };
}
