// The release the web build stamps into its bundle (build/release.ts, vite.config.ts `define`):
// the app's version and the commit built, from COUNTERSIGN_COMMIT or else from git, or the
// version alone where neither is known.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildRelease } from './release.js';

const webDir = fileURLToPath(new URL('..', import.meta.url));
const version = (
  JSON.parse(fs.readFileSync(path.join(webDir, 'package.json'), 'utf8')) as { version: string }
).version;

describe('the release a web build stamps', () => {
  it("is the app's version and the checkout's commit", () => {
    const head = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: webDir, encoding: 'utf8' }).trim();
    expect(buildRelease(webDir, {})).toBe(`${version}+${head.slice(0, 12)}`);
  });

  it('takes the commit from COUNTERSIGN_COMMIT when the build is given it', () => {
    const commit = '0123456789abcdef0123456789abcdef01234567';
    expect(buildRelease(webDir, { COUNTERSIGN_COMMIT: commit })).toBe(`${version}+0123456789ab`);
  });

  it('is the version alone outside a git checkout', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cs-web-'));
    try {
      fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ version: '9.8.7' }));
      expect(buildRelease(dir, {})).toBe('9.8.7');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('is what the build configuration defines for the bundle', async () => {
    const config = (await import('../vite.config.js')).default as { define: Record<string, string> };
    expect(JSON.parse(config.define['__COUNTERSIGN_RELEASE__']!)).toBe(buildRelease(webDir));
  });
});
