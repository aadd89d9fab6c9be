// Runs poppler's pdfsig against an NSS database holding our root, and reads its verdicts. Async,
// because pdfsig fetches OCSP from the live responder in this same process (live-trust.ts).

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

export async function runPdfsig(
  nssDb: string,
  file: string,
): Promise<{ verdicts: PdfsigVerdict[]; output: string }> {
  const result = await run('pdfsig', ['-nssdir', nssDb, file], { maxBuffer: 16 * 1024 * 1024 }).catch(
    (error: { stdout?: string; stderr?: string }) => ({
      stdout: error.stdout ?? '',
      stderr: error.stderr ?? '',
    }),
  );
  const blocks = result.stdout.split(/^Signature #\d+:$/m).slice(1);
  const verdicts = blocks.map((text) => ({
    fieldName: /Signature Field Name: (.*)$/m.exec(text)?.[1]?.trim() ?? '',
    isSignatureValid: text.includes('Signature Validation: Signature is Valid.'),
    isDigestMismatch: text.includes('Digest Mismatch'),
    isCertificateTrusted: text.includes('Certificate Validation: Certificate is Trusted.'),
    isTotalDocumentSigned: text.includes('Total document signed'),
    signatureType: /Signature Type: (.*)$/m.exec(text)?.[1]?.trim() ?? '',
    text,
  }));
  return { verdicts, output: result.stdout + result.stderr };
}
