// Independent judgement of signed PDFs: poppler's pdfsig with our root in a throw-away NSS
// database made by certutil.
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export function createNssDb(rootDer: Uint8Array): { dir: string; cleanup(): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cs-nss-'));
  fs.writeFileSync(path.join(dir, 'root.cer'), rootDer);
  execFileSync('certutil', ['-N', '--empty-password', '-d', `sql:${dir}`]);
  execFileSync('certutil', [
    '-A',
    '-n',
    'countersign-root',
    '-t',
    'CT,C,C',
    '-i',
    path.join(dir, 'root.cer'),
    '-d',
    `sql:${dir}`,
  ]);
  return { dir, cleanup: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

export interface PdfsigSignature {
  fieldName: string;
  valid: boolean;
  trusted: boolean;
  coversWhole: boolean;
}

/**
 * Asynchronous on purpose: pdfsig fetches OCSP answers from the URL in our certificates, which
 * may be served by the very process running the test.
 */
export async function runPdfsig(
  nssDir: string,
  pdf: Uint8Array,
): Promise<{ signatures: PdfsigSignature[]; output: string }> {
  const file = path.join(nssDir, `check-${process.pid}-${Date.now()}.pdf`);
  fs.writeFileSync(file, pdf);
  const result = await promisify(execFile)('pdfsig', ['-nssdir', `sql:${nssDir}`, file], {
    encoding: 'utf8',
  }).catch((err: { stdout?: string; stderr?: string }) => ({
    stdout: err.stdout ?? '',
    stderr: err.stderr ?? '',
  }));
  fs.rmSync(file, { force: true });
  const output = `${result.stdout}${result.stderr}`;
  const blocks = output.split(/^Signature #\d+:/m).slice(1);
  return {
    output,
    signatures: blocks.map((b) => ({
      fieldName: /Signature Field Name: (.*)/.exec(b)?.[1]?.trim() ?? '',
      valid: /Signature Validation: Signature is Valid/.test(b),
      trusted: /Certificate Validation: Certificate is Trusted/.test(b),
      coversWhole: /Total document signed/.test(b),
    })),
  };
}
