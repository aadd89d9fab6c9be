// Build and dev-server configuration of the web app. In development the API prefixes are proxied
// to the Fastify server on port 3000; the production build lands in apps/web/dist, which the
// server hosts with an SPA fallback.
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { buildRelease } from './build/release.js';

const apiTarget = process.env.API_URL ?? 'http://localhost:3000';
// The PDF engine runs in the verifier's worker (ADR 079) with browser stand-ins for the two Node
// modules its validation path uses; nothing else of the app imports them.
const browserEngine = (file: string) =>
  fileURLToPath(new URL(`../../packages/pades/src/browser/${file}`, import.meta.url));
const apiPrefixes = ['/v1', '/v2', '/v3', '/api', '/sandbox', '/trust'];

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), tailwindcss()],
  // error reports name the build that ran (src/release.ts)
  define: {
    __COUNTERSIGN_RELEASE__: JSON.stringify(buildRelease(fileURLToPath(new URL('.', import.meta.url)))),
  },
  resolve: {
    alias: { 'node:crypto': browserEngine('node-crypto.ts'), 'node:zlib': browserEngine('node-zlib.ts') },
  },
  worker: { format: 'es' },
  server: {
    port: 5173,
    proxy: Object.fromEntries(
      apiPrefixes.map((prefix) => [prefix, { target: apiTarget, changeOrigin: true }]),
    ),
  },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    sourcemap: true,
    // dist/.vite/manifest.json maps each source module to its chunk and that chunk's imports;
    // bench/web.ts follows it to weigh what the first load of a route really fetches.
    manifest: true,
    rolldownOptions: {
      output: {
        // React and the router change rarely; keeping them apart lets browsers cache them across
        // releases. `vendor` takes only the other libraries the entry imports statically (the
        // `$initial` tag: queries, translations, zod), and `shell` the app's own modules on that
        // path, so the first load is a few chunks rather than one per small shared module.
        // Libraries that only lazily loaded code uses (Radix behind the dialogs, react-hook-form
        // behind the forms) travel with that code (bench:web weighs the dashboard's first load).
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            { name: 'vendor', test: /node_modules[\\/]/, tags: ['$initial'] },
            { name: 'shell', test: /apps[\\/]web[\\/]src[\\/]|packages[\\/]/, tags: ['$initial'] },
          ],
        },
      },
    },
  },
});
