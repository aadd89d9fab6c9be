// The web app is served at / to every client, curl included; deeper paths to browsers only, so a
// mistyped API address still answers a problem.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app.js';

describe('the web app', () => {
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'countersign-web-'));
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Countersign</title>');
    t = await createTestApp('sqlite', { env: { WEB_DIST_DIR: webDist } });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('is the answer at / whatever the client accepts', async () => {
    for (const headers of [{}, { accept: '*/*' }, { accept: 'application/json' }, { accept: 'text/html' }]) {
      const res = await t.app.inject({ url: '/', headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('<title>Countersign</title>');
    }
  });

  it('answers other paths a problem unless a browser asks', async () => {
    expect((await t.app.inject({ url: '/view/x', headers: { accept: 'text/html' } })).statusCode).toBe(200);
    const res = await t.app.inject({ url: '/view/x', headers: { accept: '*/*' } });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('route.not_found');
  });
});
