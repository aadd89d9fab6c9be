// A worker thread starts here: the server runs from its TypeScript sources (bin/serve.mjs), and a
// worker thread does not inherit the loader that makes that possible. `module` names the
// thread's own code (worker-thread.ts, signing-thread.ts).
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(new URL(workerData.module, import.meta.url).href);
