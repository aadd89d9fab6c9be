// Failpoints: named places where a test can stop a server process for good, to prove that a
// process killed there leaves consistent data behind. Only the test configuration can arm one;
// everywhere else they cost one comparison.
export type Failpoint = (name: string) => Promise<void>;

export function createFailpoint(armed: string | undefined): Failpoint {
  return async (name) => {
    if (armed !== name) return;
    process.stdout.write(`failpoint reached: ${name}\n`);
    await new Promise<never>(() => {
      // never resolves: the test kills the process here
    });
  };
}
