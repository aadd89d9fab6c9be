// A worker thread started from the TypeScript sources (tests, benchmarks) starts here: a worker
// thread does not inherit the loader that runs them. The built server (ADR 036) starts its threads
// from their compiled entries instead. `module` names the thread's own code (worker-thread.ts,
// signing-thread.ts). The default export passes each task to that code's own default export: the
// handler piscina calls in a signing or PDF thread (ADR 099). No top-level await: piscina may load
// this file with require(), which refuses a module that has one.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const loaded = import(new URL(workerData.module, import.meta.url).href);

export default async function handle(task) {
  const { default: handler } = await loaded;
  return handler(task);
}
