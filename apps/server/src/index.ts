// Public entry of the server package, for tests and tools that build the app in-process.
export { buildApp } from './app.js';
export { loadConfig } from './config.js';
export type { Config } from './config.js';
