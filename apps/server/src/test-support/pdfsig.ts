// Independent judgement of signed PDFs: poppler's pdfsig with our root in a throw-away NSS
// database made by certutil. pdfsig runs with -no-ocsp, so no verdict needs a responder to be
// reachable, and twice: now and, under faketime, a week later, since it judges certificates at
// the time it runs, as the desktop viewers built on poppler do (ADR 037). When NSS itself fails
// (its database not opened, nothing verified), pdfsig prints a report all the same; that report
// is no verdict, so it throws PdfsigUndecidedError instead of reading as an invalid signature.
import { execFile, execFileSync, spawnSync } from 'node:child_process';
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

/** pdfsig could not judge the file (NSS failed, or pdfsig did not run to its end): no verdict. */
export class PdfsigUndecidedError extends Error {
  override readonly name = 'PdfsigUndecidedError';
}

/** What pdfsig prints when NSS, not the signature, is at fault: NSS never initialised. */
const NSS_NOT_INITIALISED = /NSS is not initialized/;

/**
 * What pdfsig says of a signature NSS did not judge. Only for signatures of a type it validates:
 * document time-stamps read "Signature Type: unknown" and "has not yet been verified" always,
 * since poppler does not validate them at all.
 */
const NSS_NOT_JUDGED = [
  /Signature Validation: Unknown Validation Failure/,
  /Signature Validation: Signature has not yet been verified/,
  /Certificate Validation: Certificate has not yet been verified/,
];

function nssFailure(output: string): RegExp | undefined {
  if (NSS_NOT_INITIALISED.test(output)) return NSS_NOT_INITIALISED;
  const judged = output
    .split(/^Signature #\d+:/m)
    .slice(1)
    .filter((signature) => !/Signature Type: unknown/.test(signature));
  return NSS_NOT_JUDGED.find((pattern) => judged.some((signature) => pattern.test(signature)));
}

interface PdfsigRun {
  stdout?: string | Buffer;
  stderr?: string | Buffer;
  /** the exit status, or an error name such as ENOENT when it did not start */
  code?: number | string | null;
  signal?: string | null;
}

/**
 * pdfsig's report, or PdfsigUndecidedError when it is none: pdfsig failed to run or ended other
 * than with a report, or NSS could not judge. A file without signatures (exit 2 and its own
 * sentence) is a verdict.
 */
function reportOf(run: PdfsigRun, what: string): string {
  const output = `${run.stdout ?? ''}${run.stderr ?? ''}`;
  const ended = run.signal ? `signal ${run.signal}` : `code ${run.code ?? 0}`;
  const isReport = !run.signal && (!run.code || (run.code === 2 && output.includes('any signatures')));
  if (!isReport) throw new PdfsigUndecidedError(`${what} ended with ${ended}, no verdict:\n${output}`);
  const failure = nssFailure(output);
  if (failure)
    throw new PdfsigUndecidedError(
      `${what}: NSS failed (${failure.source}), which says nothing of the signature:\n${output}`,
    );
  return output;
}

async function runPdfsigCommand(command: string, argv: string[]): Promise<string> {
  const run = await promisify(execFile)(command, argv, { encoding: 'utf8' }).catch((err: PdfsigRun) => err);
  return reportOf(run, `${command} ${argv.join(' ')}`);
}

export interface PdfsigSignature {
  fieldName: string;
  /** "Signature is Valid" now and a week later */
  valid: boolean;
  /** "Certificate is Trusted" now and a week later */
  trusted: boolean;
  coversWhole: boolean;
}

function pdfsigAt(nssDir: string, file: string, offset: string | undefined): Promise<string> {
  const args = ['-nssdir', `sql:${nssDir}`, '-no-ocsp', file];
  const [command, argv] = offset ? ['faketime', ['-f', offset, 'pdfsig', ...args]] : ['pdfsig', args];
  return runPdfsigCommand(command, argv);
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
  const [now, later] = await Promise.all([
    pdfsigAt(nssDir, file, undefined),
    pdfsigAt(nssDir, file, '+7d'),
  ]).finally(() => fs.rmSync(file, { force: true }));
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
    const run = spawnSync('pdfsig', [file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    const report = reportOf({ ...run, code: run.error ? run.error.message : run.status }, `pdfsig ${file}`);
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
