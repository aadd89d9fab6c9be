// The background worker's thread starts here: the server runs from its TypeScript sources
// (bin/serve.mjs), and a worker thread does not inherit the loader that makes that possible.
import { register } from 'tsx/esm/api';

register();
await import('./worker-thread.ts');
