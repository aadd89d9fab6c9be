#!/usr/bin/env node
// Runs the compiled server (ADR 036), compiling it first when the sources changed since the last
// build. Stack traces name the TypeScript sources through the build's source maps.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureBuilt } from './build.mjs';

const build = await ensureBuilt();
process.setSourceMapsEnabled(true);
// the build sits one folder deeper than the sources, from where the server finds the web app
process.env.WEB_DIST_DIR ??= path.resolve(import.meta.dirname, '../../web/dist');
await import(pathToFileURL(path.join(build, 'main.js')).href);
