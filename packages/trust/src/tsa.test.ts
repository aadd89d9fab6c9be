import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TSA_POLICY_OID } from './oids.js';
import type { TempTrust } from './test-support.js';
import { openTempTrust, runOpenssl } from './test-support.js';

describe('RFC 3161 time-stamp authority', () => {
  let temp: TempTrust;
  let rootPath: string;
  let tsaPath: string;
  let dataPath: string;
  beforeAll(async () => {
    temp = await openTempTrust();
    rootPath = await temp.writePem('root.pem', temp.trust.rootCertificate());
    tsaPath = await temp.writePem('tsa.pem', temp.trust.tsaCertificate());
    dataPath = await temp.write('data.txt', 'the document bytes');
  });
  afterAll(() => temp.dispose());

  async function respondTo(queryArgs: string[], name: string): Promise<string> {
    const query = `${temp.dir}/${name}.tsq`;
    const created = await runOpenssl(['ts', '-query', ...queryArgs, '-out', query]);
    expect(created.code, created.stderr).toBe(0);
    const { readFile } = await import('node:fs/promises');
    return temp.write(`${name}.tsr`, await temp.trust.respondTimestamp(await readFile(query)));
  }

  it('answers an openssl query with a response openssl verifies, nonce echoed', async () => {
    const response = await respondTo(['-data', dataPath, '-sha256'], 'plain');
    const text = await runOpenssl(['ts', '-reply', '-in', response, '-text']);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('Status: Granted.');
    expect(text.stdout).toContain(`Policy OID: ${TSA_POLICY_OID}`);
    expect(text.stdout).toMatch(/Accuracy: 0x01 seconds/);
    expect(text.stdout).toMatch(/Nonce: 0x[0-9A-F]+/);
    const verified = await runOpenssl([
      'ts',
      '-verify',
      '-data',
      dataPath,
      '-in',
      response,
      '-CAfile',
      rootPath,
      '-untrusted',
      tsaPath,
    ]);
    expect(verified.stdout.trim()).toBe('Verification: OK');
  });

  it('includes the TSA certificate when the request asks for it', async () => {
    const response = await respondTo(['-data', dataPath, '-sha512', '-cert'], 'cert');
    const query = `${temp.dir}/cert.tsq`;
    // with -queryfile openssl checks imprint, nonce and algorithm against the request itself
    const verified = await runOpenssl([
      'ts',
      '-verify',
      '-queryfile',
      query,
      '-in',
      response,
      '-CAfile',
      rootPath,
    ]);
    expect(verified.stdout.trim()).toBe('Verification: OK');
  });

  it('rejects a wrong document', async () => {
    const response = await respondTo(['-data', dataPath, '-sha256'], 'other');
    const otherPath = await temp.write('other.txt', 'different bytes');
    const verified = await runOpenssl([
      'ts',
      '-verify',
      '-data',
      otherPath,
      '-in',
      response,
      '-CAfile',
      rootPath,
      '-untrusted',
      tsaPath,
    ]);
    expect(verified.code).not.toBe(0);
  });

  it('refuses SHA-1 imprints and foreign policies with a rejection status', async () => {
    const sha1 = await runOpenssl([
      'ts',
      '-reply',
      '-in',
      await respondTo(['-data', dataPath, '-sha1'], 'sha1'),
      '-text',
    ]);
    expect(sha1.stdout).toContain('Status: Rejected.');
    expect(sha1.stdout).toContain('unrecognized or unsupported algorithm identifier');
    const policy = await runOpenssl([
      'ts',
      '-reply',
      '-in',
      await respondTo(['-data', dataPath, '-sha256', '-tspolicy', '1.2.3.4'], 'policy'),
      '-text',
    ]);
    expect(policy.stdout).toContain('Status: Rejected.');
    expect(policy.stdout).toContain('requested TSA policy is not supported');
  });

  it('makes tokens over a SHA-256 imprint with unique serials', async () => {
    const imprint = createHash('sha256').update('the document bytes').digest();
    const tokens = [await temp.trust.timestamp(imprint), await temp.trust.timestamp(imprint)];
    const serials: string[] = [];
    for (const [index, token] of tokens.entries()) {
      const path = await temp.write(`token-${index}.der`, token);
      const verified = await runOpenssl([
        'ts',
        '-verify',
        '-data',
        dataPath,
        '-in',
        path,
        '-token_in',
        '-CAfile',
        rootPath,
      ]);
      expect(verified.stdout.trim()).toBe('Verification: OK');
      const text = await runOpenssl(['ts', '-reply', '-in', path, '-token_in', '-token_out', '-text']);
      serials.push(/Serial number: (0x[0-9A-F]+)/.exec(text.stdout)?.[1] ?? '');
    }
    expect(serials[0]).toMatch(/^0x/);
    expect(serials[0]).not.toBe(serials[1]);
    await expect(temp.trust.timestamp(new Uint8Array(20))).rejects.toThrow(RangeError);
  });
});
