// Failpoints a test controls inside its own process: hold a use case at a named point until the
// test lets it go (to make two writers overlap exactly there), or make it throw there (to inject
// a fault). The crash tests arm the process-wide kind instead (lib/failpoint.ts).
import type { Failpoint } from '../lib/failpoint.js';

export interface Hold {
  /** Settles when a caller has arrived at the point and is waiting. */
  reached: Promise<void>;
  release(): void;
}

export function testFailpoints() {
  const holds = new Map<string, { arrive(): void; gate: Promise<void> }>();
  const faults = new Map<string, () => Error>();
  const failpoint: Failpoint = async (name) => {
    const fault = faults.get(name);
    if (fault) {
      faults.delete(name);
      throw fault();
    }
    const hold = holds.get(name);
    if (!hold) return;
    holds.delete(name);
    hold.arrive();
    await hold.gate;
  };
  return {
    failpoint,
    /** The next caller to reach `name` waits there until `release()`. */
    hold(name: string): Hold {
      let arrive = () => {};
      let release = () => {};
      const reached = new Promise<void>((resolve) => (arrive = resolve));
      const gate = new Promise<void>((resolve) => (release = resolve));
      holds.set(name, { arrive, gate });
      return { reached, release };
    },
    /** The next caller to reach `name` throws the error made by `error`. */
    fail(name: string, error: () => Error = () => new Error(`failpoint ${name}`)): void {
      faults.set(name, error);
    },
  };
}
