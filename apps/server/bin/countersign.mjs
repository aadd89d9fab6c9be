#!/usr/bin/env node
// The `countersign` command: runs the compiled command line (ADR 036), compiling it first when
// the sources changed since the last build.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureBuilt } from './build.mjs';

await import(pathToFileURL(path.join(await ensureBuilt(), 'cli.js')).href);
