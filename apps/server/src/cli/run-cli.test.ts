import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { readSignatures } from '@countersign/pdf';
import { createNssDb, runPdfsig } from '../test-support/pdfsig.js';
import { runCli } from './run-cli.js';

const run = promisify(execFile);
const BIN = fileURLToPath(new URL('../../bin/countersign.mjs', import.meta.url));

/** A PDF of `pageCount` pages written by hand (classic xref), so the test needs no PDF library. */
function makeMinimalPdf(pageCount = 1): Uint8Array {
  const pageNums = Array.from({ length: pageCount }, (_, index) => 3 + index);
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${pageNums.map((num) => `${num} 0 R`).join(' ')}] /Count ${pageCount} >>`,
    ...pageNums.map(
      () =>
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents ${3 + pageCount} 0 R /Resources << >> >>`,
    ),
    '<< /Length 18 >>\nstream\n0 0 m 100 100 l S\nendstream',
  ];
  let text = '%PDF-1.7\n';
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(text.length);
    text += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = text.length;
  text += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) text += `${String(offset).padStart(10, '0')} 00000 n \n`;
  text += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(text, 'latin1');
}

describe('countersign CLI', () => {
  let dir: string;
  const output: { stdout: string; stderr: string } = { stdout: '', stderr: '' };
  const cli = async (...argv: string[]): Promise<number> => {
    output.stdout = '';
    output.stderr = '';
    return runCli(argv, {
      env: { DATA_DIR: join(dir, 'data'), TRUST_KEK: 'cli tests key-encryption key' },
      stdout: (text) => (output.stdout += text),
      stderr: (text) => (output.stderr += text),
    });
  };
  const path = (name: string): string => join(dir, name);

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'countersign-cli-'));
    writeFileSync(path('in.pdf'), makeMinimalPdf());
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('signs visibly, then verifies with exit 0 and a table', async () => {
    const args = [
      'pdf',
      'sign',
      path('in.pdf'),
      path('signed.pdf'),
      '--name',
      'Ada Lovelace',
      '--email',
      'ada@example.com',
    ];
    expect(await cli(...args, '--visible', '1,40,40,180,60', '--level', 'B-T')).toBe(0);
    expect(output.stdout).toContain('Signature1');
    expect(await cli('pdf', 'verify', path('signed.pdf'))).toBe(0);
    expect(output.stdout).toMatch(/Signature1\s+signature\s+Ada Lovelace\s+B-T\s/);
    // verifying reads the public root alone: it needs no key-encryption key
    expect(
      await runCli(['pdf', 'verify', path('signed.pdf')], {
        env: { DATA_DIR: join(dir, 'data') },
        stdout: () => {},
        stderr: (text) => (output.stderr += text),
      }),
    ).toBe(0);
    expect(output.stderr).toBe('');
    expect(output.stdout).toContain('TOTAL_PASSED');
    // a second signer on the same file, then the JSON report
    expect(
      await cli(
        'pdf',
        'sign',
        path('signed.pdf'),
        path('twice.pdf'),
        '--name',
        'Bo',
        '--email',
        'bo@example.com',
        '--level',
        'B-LTA',
      ),
    ).toBe(0);
    expect(await cli('pdf', 'verify', path('twice.pdf'), '--json')).toBe(0);
    const report = JSON.parse(output.stdout) as {
      isValid: boolean;
      signatures: { fieldName: string; level?: string }[];
    };
    expect(report.isValid).toBe(true);
    expect(report.signatures.map((s) => [s.fieldName, s.level])).toEqual([
      ['Signature1', 'B-LTA'],
      ['Signature2', 'B-LTA'],
      ['doc-timestamp-1', undefined],
    ]);
  });

  it('verifies as of a date with --at: in five years the file holds, in eleven its proofs have run out', async () => {
    const year = new Date().getUTCFullYear();
    expect(await cli('pdf', 'verify', path('twice.pdf'), '--at', `${year + 5}-06-01`, '--json')).toBe(0);
    expect(JSON.parse(output.stdout)).toMatchObject({ validationTime: `${year + 5}-06-01T00:00:00.000Z` });
    expect(await cli('pdf', 'verify', path('twice.pdf'), '--at', `${year + 11}-06-01`)).toBe(1);
    expect(output.stdout).toContain('INDETERMINATE / OUT_OF_BOUNDS_NO_POE');
    expect(await cli('pdf', 'verify', path('twice.pdf'), '--at', 'soon')).toBe(1);
    expect(output.stderr).toContain('error cli.bad_option: --at wants a date such as 2036-06-01');
  });

  it('exits 1 with the failing row when a signed byte changed', async () => {
    const bytes = readFileSync(path('signed.pdf'));
    bytes[7] = bytes[7]! ^ 1;
    writeFileSync(path('tampered.pdf'), bytes);
    expect(await cli('pdf', 'verify', path('tampered.pdf'))).toBe(1);
    expect(output.stdout).toContain('TOTAL_FAILED / HASH_FAILURE');
  });

  it('prints "error <code>: message" without a stack', async () => {
    await run('qpdf', ['--encrypt', 'u', 'o', '256', '--', path('in.pdf'), path('encrypted.pdf')]);
    expect(
      await cli(
        'pdf',
        'sign',
        path('encrypted.pdf'),
        path('x.pdf'),
        '--name',
        'A',
        '--email',
        'a@example.com',
      ),
    ).toBe(1);
    expect(output.stderr).toMatch(/^error pdf\.encrypted: .+\n$/m);
    expect(output.stderr).not.toContain('    at ');
    expect(
      await cli(
        'pdf',
        'sign',
        path('in.pdf'),
        path('x.pdf'),
        '--name',
        'A',
        '--email',
        'a@example.com',
        '--visible',
        '0,1,2,3,4',
      ),
    ).toBe(1);
    expect(output.stderr).toContain('error cli.bad_option: --visible');
    expect(await cli('pdf', 'verify', path('missing.pdf'))).toBe(1);
    expect(output.stderr).toContain('error cli.file_not_found:');
    expect(await cli('pdf', 'sign', path('in.pdf'))).toBe(2);
    expect(output.stderr).toContain('error cli.usage: usage: countersign pdf sign');
    expect(await cli('pdf', 'verify', path('in.pdf'), '--bogus')).toBe(2);
  });

  it('signs under a key-form TRUST_KEK, and refuses a malformed one by its code', async () => {
    const withKek = (TRUST_KEK: string, ...argv: string[]) =>
      runCli(argv, {
        env: { DATA_DIR: join(dir, 'keyed'), TRUST_KEK },
        stdout: () => undefined,
        stderr: (text) => (output.stderr += text),
      });
    const sign = [
      'pdf',
      'sign',
      path('in.pdf'),
      path('keyed.pdf'),
      '--name',
      'K',
      '--email',
      'k@example.com',
    ];
    const key = `key:${Buffer.alloc(32, 9).toString('base64')}`;
    expect(await withKek(key, ...sign, '--level', 'B-B')).toBe(0);
    const kdf = JSON.parse(readFileSync(join(dir, 'keyed', 'trust', 'hierarchy.json'), 'utf8')).kdf;
    expect(kdf.name).toBe('hkdf-sha256');
    expect(await withKek(key, 'pdf', 'verify', path('keyed.pdf'))).toBe(0);
    output.stderr = '';
    expect(await withKek(`key:${Buffer.alloc(31, 9).toString('base64')}`, ...sign)).toBe(1);
    expect(output.stderr).toMatch(/^error trust\.malformed_key_encryption_key: TRUST_KEK starts with "key:"/);
  });

  it('exports the root that signed, and renders a page', async () => {
    expect(await cli('trust', 'export-root', path('root.pem'))).toBe(0);
    const root = new X509Certificate(readFileSync(path('root.pem')));
    expect(root.subject).toContain('Root');
    // the root is public: exporting it unwraps no key, so it needs no key-encryption key
    const exported = await runCli(['trust', 'export-root', path('root-again.pem')], {
      env: { DATA_DIR: join(dir, 'data'), TRUST_KEK: 'not the key that sealed the hierarchy' },
      stdout: () => undefined,
      stderr: () => undefined,
    });
    expect(exported).toBe(0);
    expect(readFileSync(path('root-again.pem'), 'utf8')).toBe(readFileSync(path('root.pem'), 'utf8'));
    expect(await cli('pdf', 'render', path('signed.pdf'), '1', path('page.png'), '--scale', '50')).toBe(0);
    expect(readFileSync(path('page.png')).subarray(1, 4).toString('latin1')).toBe('PNG');
  });

  // Nothing serves the command line's hierarchy: its certificates name no address, and pdfsig
  // trusts them on the root alone (-no-ocsp), today and when it judges them a week later.
  it('makes signatures pdfsig trusts, today and a week later, naming no address', async () => {
    expect(await cli('trust', 'export-root', path('root.pem'))).toBe(0);
    const nss = createNssDb(new X509Certificate(readFileSync(path('root.pem'))).raw);
    try {
      const rsaArgs = ['--name', 'Rae', '--email', 'rae@example.com', '--key-algorithm', 'RSA-2048'];
      expect(await cli('pdf', 'sign', path('in.pdf'), path('rsa.pdf'), ...rsaArgs, '--level', 'B-LT')).toBe(
        0,
      );
      for (const file of ['signed.pdf', 'twice.pdf', 'rsa.pdf']) {
        const bytes = readFileSync(path(file));
        const signatures = readSignatures(bytes).filter((s) => s.kind === 'signature');
        const judged = await runPdfsig(nss.dir, bytes);
        for (const signature of signatures) {
          const verdict = judged.signatures.find((v) => v.fieldName === signature.fieldName);
          expect(verdict, judged.output).toMatchObject({ valid: true, trusted: true });
          expect(Buffer.from(signature.contents).includes('http://')).toBe(false);
        }
      }
    } finally {
      nss.cleanup();
    }
  });

  it('renders a range of pages in one call, naming each file by its page', async () => {
    writeFileSync(path('two.pdf'), makeMinimalPdf(2));
    expect(await cli('pdf', 'render', path('two.pdf'), 'all', path('page-%d.webp'), '--scale', '25')).toBe(0);
    for (const page of [1, 2])
      expect(
        readFileSync(path(`page-${page}.webp`))
          .subarray(8, 12)
          .toString('latin1'),
      ).toBe('WEBP');
    expect(await cli('pdf', 'render', path('two.pdf'), '1-2', path('page.webp'))).toBe(1);
    expect(output.stderr).toContain('error cli.bad_option: with more than one page OUT needs %d');
    expect(await cli('pdf', 'render', path('two.pdf'), '2-3', path('page-%d.webp'))).toBe(1);
    expect(output.stderr).toContain('page 3 does not exist (the document has 2 pages)');
    expect(await cli('pdf', 'render', path('two.pdf'), '0', path('page-%d.webp'))).toBe(1);
    expect(output.stderr).toContain('error cli.bad_option: PAGES takes');
  });

  it('runs through the bin script', async () => {
    const { stdout } = await run(process.execPath, [BIN, 'help']);
    expect(stdout).toContain('countersign pdf verify IN');
    const failed = await run(
      process.execPath,
      [BIN, 'pdf', 'verify', path('tampered.pdf'), '--trust-dir', join(dir, 'data', 'trust')],
      {
        env: { ...process.env, TRUST_KEK: 'cli tests key-encryption key' },
      },
    ).catch((error: { code: number; stdout: string }) => error);
    expect(failed).toMatchObject({ code: 1 });
  });
});
