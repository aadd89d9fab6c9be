#!/usr/bin/env node
// Runs the sandbox QTSP (ADR 076) from the compiled server build, compiling it first when the
// sources changed, as bin/serve.mjs does for the server.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureBuilt } from './build.mjs';

const build = await ensureBuilt();
process.setSourceMapsEnabled(true);
await import(pathToFileURL(path.join(build, 'csc-sandbox.js')).href);
