#!/usr/bin/env node
// The `countersign` command: registers tsx so the TypeScript sources run as they are (no build
// step), then hands over to src/cli/main.ts.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli/main.ts');
