// The web app's vitest project: component and client tests in jsdom. The root vitest.config.ts
// lists this file, so `npx vitest run --project web` runs exactly these tests.
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    root: repoRoot,
    environment: 'jsdom',
    include: ['apps/web/src/**/*.test.{ts,tsx}'],
    setupFiles: ['apps/web/src/test/setup.ts'],
    testTimeout: 20_000,
  },
});
