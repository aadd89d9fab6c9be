// Independent judgement of signed PDFs: poppler's pdfsig with our root in a throw-away NSS
// database made by certutil. pdfsig runs with -no-ocsp, so no verdict needs a responder to be
// reachable, and twice: now and, under faketime, a week later, since it judges certificates at
// the time it runs, as the desktop viewers built on poppler do (ADR 037).
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
  /** "Signature is Valid" now and a week later */
  valid: boolean;
  /** "Certificate is Trusted" now and a week later */
  trusted: boolean;
  coversWhole: boolean;
}

async function pdfsigAt(nssDir: string, file: string, offset: string | undefined): Promise<string> {
  const args = ['-nssdir', `sql:${nssDir}`, '-no-ocsp', file];
  const [command, argv] = offset ? ['faketime', ['-f', offset, 'pdfsig', ...args]] : ['pdfsig', args];
  const result = await promisify(execFile)(command, argv, { encoding: 'utf8' }).catch(
    (err: { stdout?: string; stderr?: string }) => ({ stdout: err.stdout ?? '', stderr: err.stderr ?? '' }),
  );
  return `${result.stdout}${result.stderr}`;
}

const readSignatures = (output: string): PdfsigSignature[] =>
  output
    .split(/^Signature #\d+:/m)
    .slice(1)
    .map((b) => ({
      fieldName: /Signature Field Name: (.*)/.exec(b)?.[1]?.trim() ?? '',
      valid: /Signature Validation: Signature is Valid/.test(b),
      trusted: /Certificate Validation: Certificate is Trusted/.test(b),
      coversWhole: /Total document signed/.test(b),
    }));

/** pdfsig's verdict on each signature of `pdf`, holding both now and a week later. */
export async function runPdfsig(
  nssDir: string,
  pdf: Uint8Array,
): Promise<{ signatures: PdfsigSignature[]; output: string }> {
  const file = path.join(nssDir, `check-${process.pid}-${Date.now()}.pdf`);
  fs.writeFileSync(file, pdf);
  const [now, later] = await Promise.all([pdfsigAt(nssDir, file, undefined), pdfsigAt(nssDir, file, '+7d')]);
  fs.rmSync(file, { force: true });
  const weekLater = readSignatures(later);
  return {
    output: `${now}\n(a week later:)\n${later}`,
    signatures: readSignatures(now).map((signature, index) => ({
      ...signature,
      valid: signature.valid && weekLater[index]?.valid === true,
      trusted: signature.trusted && weekLater[index]?.trusted === true,
    })),
  };
}

/**
 * The signers' signatures pdfsig finds in `pdf`, document timestamps aside, without judging
 * trust: each one's certificate common name (a signer's address) and whether it is intact.
 */
export function signerSignatures(pdf: Uint8Array): { commonName: string; valid: boolean }[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cs-pdfsig-'));
  try {
    const file = path.join(dir, 'signed.pdf');
    fs.writeFileSync(file, pdf);
    const report = execFileSync('pdfsig', [file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    return report
      .split(/^Signature #\d+:/m)
      .slice(1)
      .filter((s) => /Signature Type: ETSI\.CAdES\.detached/.test(s))
      .map((s) => ({
        commonName: /Common Name: (.*)/.exec(s)?.[1]?.trim() ?? '',
        valid: /Signature Validation: Signature is Valid/.test(s),
      }));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
