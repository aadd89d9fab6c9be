#!/usr/bin/env node
// Runs the server from its TypeScript sources through tsx (no separate build step).
import { register } from 'tsx/esm/api';

register();
await import('../src/main.ts');
