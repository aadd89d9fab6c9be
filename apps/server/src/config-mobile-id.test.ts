// The Mobile ID settings (ADR 107): none keeps today's behaviour, all of them configure the
// service, and a half-given or unreadable configuration stops the server at start with a message
// naming what is missing.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cs-mid-config-'));
const cert = path.join(dir, 'client.pem');
const key = path.join(dir, 'client.key');
fs.writeFileSync(cert, '-----BEGIN CERTIFICATE-----\nAA==\n-----END CERTIFICATE-----\n');
fs.writeFileSync(key, '-----BEGIN PRIVATE KEY-----\nAA==\n-----END PRIVATE KEY-----\n');
const ALL = {
  NODE_ENV: 'test',
  MOBILE_ID_URL: 'https://mobileid.swisscom.com',
  MOBILE_ID_AP_ID: 'mid://countersign.example',
  MOBILE_ID_AP_PASSWORD: 'secret',
  MOBILE_ID_CLIENT_CERT: cert,
  MOBILE_ID_CLIENT_KEY: key,
};

describe('Mobile ID settings', () => {
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('leaves Mobile ID unconfigured when nothing is given', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).mobileId).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'test', MOBILE_ID_URL: '' }).mobileId).toBeUndefined();
  });

  it('reads the service, its credentials and the PEM files', () => {
    expect(loadConfig({ ...ALL, MOBILE_ID_URL: 'https://mobileid.swisscom.com/' }).mobileId).toMatchObject({
      url: 'https://mobileid.swisscom.com',
      apId: 'mid://countersign.example',
      signatureProfile: 'http://mid.swisscom.ch/Any-LoA4',
      timeoutSeconds: 80,
      clientCert: expect.stringContaining('BEGIN CERTIFICATE'),
      clientKey: expect.stringContaining('BEGIN PRIVATE KEY'),
      serverCa: undefined,
    });
  });

  it('stops at start on a half-given configuration, naming what is missing', () => {
    const { MOBILE_ID_CLIENT_KEY: _key, ...half } = ALL;
    expect(() => loadConfig(half)).toThrow(ConfigError);
    expect(() => loadConfig(half)).toThrow(/missing: MOBILE_ID_CLIENT_KEY/);
  });

  it('refuses an unreadable key file and a service that is not https', () => {
    expect(() => loadConfig({ ...ALL, MOBILE_ID_CLIENT_KEY: path.join(dir, 'none.key') })).toThrow(
      /MOBILE_ID_CLIENT_KEY: cannot read/,
    );
    expect(() => loadConfig({ ...ALL, MOBILE_ID_CLIENT_KEY: cert })).toThrow(/holds no PEM PRIVATE KEY/);
    expect(() => loadConfig({ ...ALL, MOBILE_ID_URL: 'http://mobileid.swisscom.com' })).toThrow(
      /MOBILE_ID_URL/,
    );
  });
});
