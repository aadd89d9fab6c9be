// One vitest run for every workspace. Node packages and the server run in node; the web app's
// component tests run in jsdom through its own project file. The few files that kill processes
// and race signatures against lock times run last, one at a time, with nothing else of the run
// beside them: run among other files on two workers of a loaded machine they missed their wall
// clock bounds (ADR 066).
import { defineConfig } from 'vitest/config';

const aloneAtTheEnd = [
  'apps/server/src/liveness/killed-server.test.ts',
  'apps/server/src/modules/signature-requests/concurrency.test.ts',
];

const node = {
  environment: 'node',
  testTimeout: 60_000,
  hookTimeout: 60_000,
  pool: 'forks',
} as const;

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'node',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/server/src/**/*.test.ts',
            'apps/server/bin/**/*.test.ts',
            'apps/web/build/**/*.test.ts',
          ],
          exclude: aloneAtTheEnd,
          ...node,
          // each file in a fresh process: sharing one (isolate: false) cut import time sixfold, but
          // a socket one file left open failed a later file (ADR 105)
        },
      },
      'apps/web/vitest.config.ts',
      {
        test: {
          name: 'node-alone',
          include: aloneAtTheEnd,
          ...node,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
