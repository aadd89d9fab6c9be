// The build records, for each entry, the sources its own files were made from, so that
// `countersign` checks only the command line's sources at start (ADR 047).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DIST, ensureBuilt, freshBuild } from './build.mjs';

interface Current {
  id: string;
  inputs: string[];
  entryInputs: Record<string, string[]>;
}

describe('the build', () => {
  it("lists the command line's own sources, a part of the server's", async () => {
    const folder = await ensureBuilt('cli');
    const current = JSON.parse(readFileSync(path.join(DIST, 'current.json'), 'utf8')) as Current;
    expect(path.basename(folder)).toBe(current.id);
    const cli = current.entryInputs.cli!;
    expect(cli).toContain('apps/server/src/cli/main.ts');
    expect(cli).toContain('apps/server/src/cli/pdf-sign.ts'); // imported on demand, still counted
    expect(cli).toContain('packages/trust/src/key-encryption-key.ts');
    expect(cli).not.toContain('apps/server/src/main.ts');
    expect(cli.every((input) => current.inputs.includes(input))).toBe(true);
    expect(cli.length).toBeLessThan(current.inputs.length / 2);
    expect(current.entryInputs.main).toContain('apps/server/src/main.ts');
    expect(freshBuild('cli')).toBe(folder);
  });
});
