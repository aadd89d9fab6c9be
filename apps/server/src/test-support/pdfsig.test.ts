// The pdfsig judge tells a verdict from a failure of NSS: a broken signature reads as invalid,
// while a report NSS could not make (its database not opened) throws an error of its own, so a
// signing test never fails as "invalid signature" for a reason outside the signature.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatedPdf } from './pdfs.js';
import { PdfsigUndecidedError, runPdfsig, signerSignatures } from './pdfsig.js';

describe('the pdfsig judge', () => {
  let dir: string;
  let nssDir: string;
  let signed: Buffer;

  // a file signed by pdfsig itself, with a self-made RSA key (its signing takes no EC key) in an
  // NSS database of its own
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cs-pdfsig-judge-'));
    nssDir = path.join(dir, 'nss');
    fs.mkdirSync(nssDir);
    const file = (name: string) => path.join(dir, name);
    execFileSync('openssl', [
      'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '30',
      '-subj', '/CN=Judge Test', '-keyout', file('key.pem'), '-out', file('cert.pem'),
    ], { stdio: 'ignore' }); // prettier-ignore
    execFileSync('openssl', [
      'pkcs12', '-export', '-inkey', file('key.pem'), '-in', file('cert.pem'), '-name', 'judge',
      '-passout', 'pass:', '-out', file('judge.p12'),
    ]); // prettier-ignore
    execFileSync('certutil', ['-N', '--empty-password', '-d', `sql:${nssDir}`]);
    execFileSync('pk12util', ['-i', file('judge.p12'), '-W', '', '-d', `sql:${nssDir}`], { stdio: 'ignore' });
    fs.writeFileSync(file('plain.pdf'), await generatedPdf(1, 'Judged'));
    execFileSync('pdfsig', [
      '-nssdir', `sql:${nssDir}`, '-add-signature', '-nick', 'judge', '-new-signature-field-name', 'Judged',
      file('plain.pdf'), file('signed.pdf'),
    ], { stdio: 'ignore' }); // prettier-ignore
    signed = fs.readFileSync(file('signed.pdf'));
  }, 60_000);
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('reads an intact signature as valid', async () => {
    const judged = await runPdfsig(nssDir, signed);
    expect(judged.signatures).toMatchObject([{ fieldName: 'Judged', valid: true, coversWhole: true }]);
  });

  it('reads a signature over changed bytes as invalid, a verdict rather than an error', async () => {
    // the header's version, inside the signed bytes and read by nothing else
    const changed = Buffer.from(signed);
    expect(changed.subarray(0, 8).toString('latin1')).toMatch(/^%PDF-1\.\d$/);
    changed[7] = changed[7] === 0x37 ? 0x36 : 0x37;
    const judged = await runPdfsig(nssDir, changed);
    expect(judged.signatures).toMatchObject([{ fieldName: 'Judged', valid: false }]);
  });

  it('throws its own error when NSS cannot open its database, instead of calling the signature invalid', async () => {
    const empty = fs.mkdtempSync(path.join(dir, 'no-nss-'));
    await expect(runPdfsig(empty, signed)).rejects.toThrow(PdfsigUndecidedError);
    await expect(runPdfsig(empty, signed)).rejects.toThrow(/NSS failed/);
  });

  it('finds no signers in a file without signatures', async () => {
    expect(signerSignatures(await generatedPdf(1, 'Unsigned'))).toEqual([]);
  });
});
