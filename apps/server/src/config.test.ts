// Safe defaults: outside production the server listens on this machine only, the development
// key-encryption key is refused wherever other machines could connect, and the sandboxes and
// forwarded client addresses are closed until an operator opens them.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

const production = {
  NODE_ENV: 'production',
  TRUST_KEK: 'a secret of sufficient length',
  SMTP_URL: 'smtp://mail.example.org:587',
  PUBLIC_URL: 'https://sign.example.org',
};

describe('loadConfig', () => {
  it('listens on this machine only outside production, and on every interface in production', () => {
    expect(loadConfig({}).host).toBe('localhost');
    expect(loadConfig({ NODE_ENV: 'test' }).host).toBe('localhost');
    expect(loadConfig(production).host).toBe('0.0.0.0');
  });

  it('refuses the development key where other machines can connect, naming TRUST_KEK', () => {
    for (const HOST of ['0.0.0.0', '::', '192.0.2.10', 'sign.example.org']) {
      expect(() => loadConfig({ HOST }), HOST).toThrow(/TRUST_KEK/);
    }
    expect(loadConfig({ HOST: '0.0.0.0', TRUST_KEK: 'a secret of sufficient length' }).host).toBe('0.0.0.0');
    for (const HOST of ['127.0.0.1', '::1', 'localhost']) expect(loadConfig({ HOST }).host).toBe(HOST);
  });

  it('takes TRUST_KEK as a passphrase or as a 32-byte key, and refuses a malformed key form', () => {
    const key = `key:${Buffer.alloc(32, 7).toString('base64')}`;
    expect(loadConfig({ ...production, TRUST_KEK: key }).trustKek).toBe(key);
    expect(loadConfig(production).trustKek).toBe('a secret of sufficient length');
    const malformed = `key:${Buffer.alloc(16, 7).toString('base64')}`;
    expect(() => loadConfig({ ...production, TRUST_KEK: malformed })).toThrow(
      /TRUST_KEK.*32 bytes in base64/,
    );
  });

  it('serves no operator API unless OPERATOR_API_TOKEN is set, and then only with a long one', () => {
    expect(loadConfig({}).operatorApiToken).toBeUndefined();
    expect(loadConfig(production).operatorApiToken).toBeUndefined();
    expect(() => loadConfig({ OPERATOR_API_TOKEN: 'short-secret' })).toThrow(/OPERATOR_API_TOKEN.*32/);
    const token = 'x'.repeat(32);
    expect(loadConfig({ OPERATOR_API_TOKEN: token }).operatorApiToken).toBe(token);
  });

  it('keeps the sandboxes to this machine unless SANDBOX_ACCESS=anyone', () => {
    expect(loadConfig({}).sandboxAccess).toBe('loopback');
    expect(loadConfig({ SANDBOX_ACCESS: 'anyone' }).sandboxAccess).toBe('anyone');
    expect(() => loadConfig({ SANDBOX_ACCESS: 'everyone' })).toThrow(/SANDBOX_ACCESS/);
  });

  it('takes payments through the sandbox only outside production, and through Stripe only with its secrets', () => {
    expect(loadConfig({}).payments).toEqual({ provider: 'sandbox' });
    expect(loadConfig(production).payments).toEqual({ provider: 'none' });
    expect(() => loadConfig({ ...production, PAYMENT_PROVIDER: 'sandbox' })).toThrow(
      /never used in production/,
    );
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(
      /STRIPE_WEBHOOK_SECRET/,
    );
    expect(
      loadConfig({
        ...production,
        PAYMENT_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'sk_x',
        STRIPE_WEBHOOK_SECRET: 'whsec_x',
      }).payments,
    ).toEqual({ provider: 'stripe', secretKey: 'sk_x', webhookSecret: 'whsec_x', apiBase: undefined });
  });

  it('proves domains in the sandbox DNS zone only outside production', () => {
    expect(loadConfig({}).dns).toEqual({ sandbox: true });
    expect(loadConfig({ NODE_ENV: 'test' }).dns).toEqual({ sandbox: true });
    expect(loadConfig(production).dns).toEqual({ sandbox: false, servers: [] });
    expect(() => loadConfig({ ...production, DNS_RESOLVER: 'sandbox' })).toThrow(/never used in production/);
    expect(loadConfig({ DNS_RESOLVER: 'system' }).dns).toEqual({ sandbox: false, servers: [] });
    expect(loadConfig({ DNS_RESOLVER: '127.0.0.1:5353, 192.0.2.53' }).dns).toEqual({
      sandbox: false,
      servers: ['127.0.0.1:5353', '192.0.2.53'],
    });
  });

  it('reads TRUST_PROXY as off, the nearest proxy, or a list of proxy addresses', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.0.2.1, loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.0.2.1',
      'loopback',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY/);
  });

  it('keeps documents in DATA_DIR/blobs unless BLOB_STORE=s3, and then needs a bucket and its region', () => {
    expect(loadConfig({}).blobStore).toEqual({ kind: 'directory' });
    const s3 = { BLOB_STORE: 's3', S3_BUCKET: 'countersign-documents', S3_REGION: 'eu-central-1' };
    expect(loadConfig(s3).blobStore).toEqual({
      kind: 's3',
      bucket: 'countersign-documents',
      region: 'eu-central-1',
      endpoint: undefined,
      forcePathStyle: false,
    });
    const compatible = { ...s3, S3_ENDPOINT: 'https://s3.example.org', S3_FORCE_PATH_STYLE: 'true' };
    expect(loadConfig(compatible).blobStore).toMatchObject({
      endpoint: 'https://s3.example.org',
      forcePathStyle: true,
    });
    expect(() => loadConfig({ BLOB_STORE: 's3' })).toThrow('BLOB_STORE=s3 needs S3_BUCKET');
    expect(() => loadConfig({ ...s3, S3_REGION: undefined })).toThrow('BLOB_STORE=s3 needs S3_REGION');
    expect(() => loadConfig({ ...s3, S3_BUCKET: 'Documents_Bucket' })).toThrow(
      /S3_BUCKET: .* is not a bucket name/,
    );
    expect(() => loadConfig({ ...s3, S3_ENDPOINT: 'ftp://s3.example.org' })).toThrow(/S3_ENDPOINT/);
    expect(() => loadConfig({ ...s3, S3_FORCE_PATH_STYLE: 'yes' })).toThrow(/S3_FORCE_PATH_STYLE/);
    expect(() => loadConfig({ BLOB_STORE: 'gcs' })).toThrow(/BLOB_STORE/);
    // a bucket named without BLOB_STORE=s3 would leave the documents on the local disk unawares
    expect(() => loadConfig({ S3_BUCKET: 'countersign-documents' })).toThrow(
      'S3_BUCKET set, but BLOB_STORE is not s3',
    );
    // documents never travel unencrypted to another machine in production
    const inProduction = { ...production, ...s3 };
    expect(() => loadConfig({ ...inProduction, S3_ENDPOINT: 'http://s3.example.org' })).toThrow(
      'S3_ENDPOINT must be https:// in production',
    );
    expect(loadConfig({ ...inProduction, S3_ENDPOINT: 'http://127.0.0.1:9000' }).blobStore.kind).toBe('s3');
  });
});

describe('starting the server', () => {
  it('stops with a message, not a stack trace, when the development key would face the network', () => {
    const serve = path.resolve(import.meta.dirname, '../bin/serve.mjs');
    const { TRUST_KEK: _kek, ...env } = process.env;
    const run = spawnSync(process.execPath, [serve], {
      env: { ...env, NODE_ENV: 'development', HOST: '0.0.0.0', PORT: '0', LOG_LEVEL: 'silent' },
      encoding: 'utf8',
      timeout: 50_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('Countersign cannot start: HOST=0.0.0.0');
    expect(run.stderr).toContain('Set TRUST_KEK');
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });
});
