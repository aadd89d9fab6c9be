// Build and dev-server configuration of the web app. In development the API prefixes are proxied
// to the Fastify server on port 3000; the production build lands in apps/web/dist, which the
// server hosts with an SPA fallback.
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = process.env.API_URL ?? 'http://localhost:3000';
const apiPrefixes = ['/v1', '/v2', '/v3', '/api', '/sandbox', '/trust'];

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), tailwindcss()],
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
        // releases and keeps every chunk under the size warning. The vendor chunk is loaded with
        // the shell, so libraries only lazily loaded screens use (forms) stay out of it and travel
        // with those screens (bench:web weighs the dashboard's first load).
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            { name: 'vendor', test: /node_modules[\\/](?!react-hook-form[\\/])/ },
          ],
        },
      },
    },
  },
});
