// Request logs carry no secrets: a direct-sign call's token is gone from the logged URL, and so
// is the Bearer token, while the rest of the line stays useful.
import { Writable } from 'node:stream';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { describe, expect, it } from 'vitest';
import { redactUrl } from './log-redaction.js';

describe('log redaction', () => {
  it('replaces secret query parameters only', () => {
    expect(redactUrl('/v3/direct/sign?token=abc123&lang=de')).toBe(
      '/v3/direct/sign?token=%5Bredacted%5D&lang=de',
    );
    expect(redactUrl('/v1/user?v2=true')).toBe('/v1/user?v2=true');
    expect(redactUrl('/api/health')).toBe('/api/health');
  });

  it('keeps tokens out of what the server logs', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cs-log-'));
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      WEB_DIST_DIR: path.join(dataDir, 'none'),
    });
    const app = await buildApp(config, { logStream: stream });
    await app.inject({
      method: 'GET',
      url: '/v3/direct/signature-requests/r1?token=very-secret-link-token-0123456789',
    });
    await app.inject({
      method: 'GET',
      url: '/v1/user',
      headers: { authorization: 'Bearer very-secret-session-token-0123456789' },
    });
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    const log = lines.join('');
    expect(log).toContain('/v3/direct/signature-requests/r1');
    expect(log).not.toContain('very-secret-link-token');
    expect(log).not.toContain('very-secret-session-token');
  });
});
