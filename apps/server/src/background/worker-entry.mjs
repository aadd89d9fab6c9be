// A worker thread started from the TypeScript sources (tests, benchmarks) starts here: a worker
// thread does not inherit the loader that runs them. The built server (ADR 036) starts its threads
// from their compiled entries instead. `module` names the
// thread's own code (worker-thread.ts, signing-thread.ts).
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(new URL(workerData.module, import.meta.url).href);
