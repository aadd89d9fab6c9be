// Runs poppler's pdfsig against an NSS database holding our root, and reads its verdicts. pdfsig
// runs with -no-ocsp, so no verdict depends on a responder being reachable, and twice: at the
// real time and, under faketime, a week later, since pdfsig judges certificates at the time it
// runs, as the desktop viewers built on poppler do (ADR 037).

import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface PdfsigVerdict {
  fieldName: string;
  isSignatureValid: boolean;
  isDigestMismatch: boolean;
  isCertificateTrusted: boolean;
  isTotalDocumentSigned: boolean;
  signatureType: string;
  text: string;
}

export async function createNssDb(dir: string, rootPemFiles: readonly string[]): Promise<string> {
  await run('certutil', ['-N', '--empty-password', '-d', `sql:${dir}`]);
  for (const [index, file] of rootPemFiles.entries())
    await run('certutil', ['-A', '-d', `sql:${dir}`, '-n', `root-${index}`, '-t', 'CT,C,C', '-i', file]);
  return `sql:${dir}`;
}

/** How far ahead the second run of pdfsig moves the clock. */
export const LATER = '+7d';

async function pdfsigAt(nssDb: string, file: string, offset: string | undefined) {
  const args = ['-nssdir', nssDb, '-no-ocsp', file];
  const [command, argv] = offset ? ['faketime', ['-f', offset, 'pdfsig', ...args]] : ['pdfsig', args];
  return run(command, argv, { maxBuffer: 16 * 1024 * 1024 }).catch(
    (error: { stdout?: string; stderr?: string }) => ({
      stdout: error.stdout ?? '',
      stderr: error.stderr ?? '',
    }),
  );
}

function readVerdicts(stdout: string): PdfsigVerdict[] {
  return stdout
    .split(/^Signature #\d+:$/m)
    .slice(1)
    .map((text) => ({
      fieldName: /Signature Field Name: (.*)$/m.exec(text)?.[1]?.trim() ?? '',
      isSignatureValid: text.includes('Signature Validation: Signature is Valid.'),
      isDigestMismatch: text.includes('Digest Mismatch'),
      isCertificateTrusted: text.includes('Certificate Validation: Certificate is Trusted.'),
      isTotalDocumentSigned: text.includes('Total document signed'),
      signatureType: /Signature Type: (.*)$/m.exec(text)?.[1]?.trim() ?? '',
      text,
    }));
}

/**
 * pdfsig's verdicts on every signature of `file`: valid and trusted only when pdfsig says so both
 * now and a week later; `output` holds both of its reports.
 */
export async function runPdfsig(
  nssDb: string,
  file: string,
): Promise<{ verdicts: PdfsigVerdict[]; output: string }> {
  const [now, later] = await Promise.all([pdfsigAt(nssDb, file, undefined), pdfsigAt(nssDb, file, LATER)]);
  const weekLater = readVerdicts(later.stdout);
  const verdicts = readVerdicts(now.stdout).map((verdict, index) => ({
    ...verdict,
    isSignatureValid: verdict.isSignatureValid && weekLater[index]?.isSignatureValid === true,
    isCertificateTrusted: verdict.isCertificateTrusted && weekLater[index]?.isCertificateTrusted === true,
  }));
  return {
    verdicts,
    output: `${now.stdout}${now.stderr}\n(a week later:)\n${later.stdout}${later.stderr}`,
  };
}
