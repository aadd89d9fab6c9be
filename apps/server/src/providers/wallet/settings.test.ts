// Wallet settings as the operator writes them: the sandbox wallet never in production, the trust
// list read and checked at start (public keys only, a known standing), the request lifetime bounded.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readWalletConfig } from './settings.js';

const fail = (message: string) => new Error(message);
const dir = mkdtempSync(path.join(tmpdir(), 'wallet-settings-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function listFile(name: string, content: unknown): string {
  const file = path.join(dir, name);
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
}

const key = { kty: 'OKP', crv: 'Ed25519', x: '11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo' };

describe('wallet settings', () => {
  it('runs the sandbox wallet outside production only, and refuses to turn it on in production', () => {
    expect(readWalletConfig({}, { production: false, fail }).sandbox).toBe(true);
    expect(readWalletConfig({ SANDBOX_WALLET: 'false' }, { production: false, fail }).sandbox).toBe(false);
    expect(readWalletConfig({}, { production: true, fail }).sandbox).toBe(false);
    expect(() => readWalletConfig({ SANDBOX_WALLET: 'true' }, { production: true, fail })).toThrow(
      /never used in production/,
    );
  });

  it('reads the trust list with its defaults', () => {
    const file = listFile('list.json', {
      issuers: [
        { issuer: 'https://pid.example', keys: [key] },
        { issuer: 'https://old.example', status: 'revoked', keys: [key] },
      ],
    });
    const { trustList } = readWalletConfig({ WALLET_TRUST_LIST: file }, { production: true, fail });
    expect(trustList).toEqual([
      {
        issuer: 'https://pid.example',
        name: 'https://pid.example',
        status: 'trusted',
        vcts: ['urn:eudi:pid:1'],
        keys: [key],
      },
      {
        issuer: 'https://old.example',
        name: 'https://old.example',
        status: 'revoked',
        vcts: ['urn:eudi:pid:1'],
        keys: [key],
      },
    ]);
  });

  it('stops at start on a trust list that is missing, not JSON, or holds a private key', () => {
    const options = { production: true, fail };
    expect(() => readWalletConfig({ WALLET_TRUST_LIST: path.join(dir, 'absent.json') }, options)).toThrow(
      /WALLET_TRUST_LIST/,
    );
    expect(() => readWalletConfig({ WALLET_TRUST_LIST: listFile('bad.json', '{nope') }, options)).toThrow(
      /not JSON/,
    );
    const secret = listFile('secret.json', {
      issuers: [{ issuer: 'https://x.example', keys: [{ ...key, d: 'c2VjcmV0' }] }],
    });
    expect(() => readWalletConfig({ WALLET_TRUST_LIST: secret }, options)).toThrow(/public keys only/);
  });

  it('bounds how long a request waits for its answer', () => {
    expect(readWalletConfig({}, { production: false, fail }).requestTtlSeconds).toBe(600);
    expect(
      readWalletConfig({ WALLET_REQUEST_MINUTES: '2' }, { production: false, fail }).requestTtlSeconds,
    ).toBe(120);
    expect(() => readWalletConfig({ WALLET_REQUEST_MINUTES: '0' }, { production: false, fail })).toThrow(
      /WALLET_REQUEST_MINUTES/,
    );
  });
});
