// Set up before every file of the `node` vitest project, whose files share their worker process
// one after another (`isolate: false`, ADR 105): what one file leaves in the process, the next
// one finds. After each file this puts back the process-wide state a file may change — the PDF
// limits an app sets for its thread, the environment, the fake clock — and fails the file that
// left the environment or the clock changed, so the leak is fixed where it is made rather than
// read from a failure in whichever file ran next.
import { configurePdfLimits } from '@countersign/pdf';
import { afterAll, beforeAll, vi } from 'vitest';

let environmentBefore: Record<string, string | undefined> = {};

/** Set by libraries as they load, once per process (libvips, under sharp): not a file's doing. */
const SET_BY_LIBRARIES = new Set(['VIPSHOME']);

function environmentChanges(): string[] {
  const names = new Set([...Object.keys(environmentBefore), ...Object.keys(process.env)]);
  return [...names]
    .filter((name) => !SET_BY_LIBRARIES.has(name) && process.env[name] !== environmentBefore[name])
    .sort();
}

beforeAll(() => {
  environmentBefore = { ...process.env };
});

afterAll(() => {
  // every app sets the limits of its configuration for the thread it runs on (app.ts); a file
  // that only parses PDFs must not inherit the small limits of the app the file before built
  configurePdfLimits({});
  const problems: string[] = [];
  const changed = environmentChanges();
  if (changed.length > 0) {
    for (const name of changed) {
      const value = environmentBefore[name];
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    problems.push(`changed the environment and did not restore it: ${changed.join(', ')}`);
  }
  if (vi.isFakeTimers()) {
    vi.useRealTimers();
    problems.push('left fake timers on');
  }
  if (problems.length > 0) {
    throw new Error(`this test file ${problems.join('; ')} (its worker runs other files next)`);
  }
});
