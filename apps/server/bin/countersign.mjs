#!/usr/bin/env node
// The `countersign` command: runs the compiled command line (ADR 036), compiling it first when
// the sources it is made from changed since the last build. Node's compile cache (Node 22.1 and
// later; absent before) keeps V8's compiled code of the build between runs, so that a command
// does not compile the same modules at every start (ADR 047).
import module from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureBuilt } from './build.mjs';

module.enableCompileCache?.();
await import(pathToFileURL(path.join(await ensureBuilt('cli'), 'cli.js')).href);
