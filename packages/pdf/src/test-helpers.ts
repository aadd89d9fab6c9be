// Shared by the tests of this package: the real-world corpus, a throw-away signing key for
// dummy CMS signatures, and the independent tools (qpdf, pdftoppm, pdfsig) that judge our output.

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll } from 'vitest';
import { PdfFile } from './pdf-file.js';
import type { PreparedSignature } from './prepare-signature.js';
import { serializeObject } from './serializer.js';

export { readCorpusPdf as readCorpus, realWorldPdfDir } from './test-corpus.js';

const tempDirs: string[] = [];

/** A fresh folder under the system's temp folder, removed when the importing test file ends. */
export function makeTempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'countersign-pdf-'));
  tempDirs.push(dir);
  return dir;
}

afterAll(() => {
  for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  signingKey = undefined;
});

let signingKey: { dir: string; cert: string; key: string } | undefined;

function openSigningKey(): { dir: string; cert: string; key: string } {
  if (signingKey) return signingKey;
  const dir = makeTempDir();
  const cert = join(dir, 'cert.pem');
  const key = join(dir, 'key.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:P-256',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '2',
      '-subj',
      '/CN=Countersign Test Signer',
    ],
    { stdio: 'ignore' },
  );
  signingKey = { dir, cert, key };
  return signingKey;
}

/** A detached CMS made by openssl over the two byte ranges: a real signature pdfsig can check. */
export function signWithOpenssl(prepared: PreparedSignature): Buffer {
  const { dir, cert, key } = openSigningKey();
  const [a, b, c, d] = prepared.byteRange;
  const input = join(dir, 'ranges.bin');
  writeFileSync(input, Buffer.concat([prepared.bytes.subarray(a, a + b), prepared.bytes.subarray(c, c + d)]));
  return execFileSync('openssl', [
    'cms',
    '-sign',
    '-binary',
    '-in',
    input,
    '-signer',
    cert,
    '-inkey',
    key,
    '-outform',
    'DER',
    '-noattr',
    '-md',
    'sha256',
  ]);
}

function writeTemp(bytes: Uint8Array, name = 'doc.pdf'): string {
  const path = join(makeTempDir(), name);
  writeFileSync(path, bytes);
  return path;
}

/** Runs `qpdf --check`; returns its output and whether it found no problems (exit 0, no warnings). */
export function checkWithQpdf(bytes: Uint8Array): { ok: boolean; output: string } {
  const path = writeTemp(bytes);
  try {
    const output = execFileSync('qpdf', ['--check', path], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return { ok: !/WARNING/.test(output), output };
  } catch (error) {
    const failure = error as { stdout?: string; stderr?: string };
    return { ok: false, output: `${failure.stdout ?? ''}${failure.stderr ?? ''}` };
  }
}

/** Renders the first page with poppler at a low resolution; returns the PNG. */
export function renderWithPoppler(bytes: Uint8Array, dpi = 20): Buffer {
  const path = writeTemp(bytes);
  const output = join(dirname(path), 'page');
  execFileSync('pdftoppm', ['-r', String(dpi), '-f', '1', '-l', '1', '-png', '-singlefile', path, output], {
    stdio: 'ignore',
  });
  return readFileSync(`${output}.png`);
}

/** `pdfsig` output for the file (its exit code is ignored: untrusted test certificates). */
export function runPdfsig(bytes: Uint8Array): string {
  const path = writeTemp(bytes);
  try {
    return execFileSync('pdfsig', [path], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    return String((error as { stdout?: string }).stdout ?? '');
  }
}

export function runQpdf(args: string[], input: Uint8Array): Buffer {
  const dir = makeTempDir();
  const from = join(dir, 'in.pdf');
  const to = join(dir, 'out.pdf');
  writeFileSync(from, input);
  try {
    execFileSync('qpdf', [...args, from, to], { stdio: 'ignore' });
  } catch (error) {
    // Exit code 3 means "succeeded with warnings".
    if ((error as { status?: number }).status !== 3) throw error;
  }
  return readFileSync(to);
}

/**
 * Turns a file whose only xref is a stream into a hybrid file (7.5.8.4): a classic table listing
 * the plain objects, objects in object streams marked free, and /XRefStm naming the stream.
 */
export function makeHybrid(streamed: Buffer): Buffer {
  const file = PdfFile.open(streamed);
  const size = file.size;
  let table = `xref\n0 ${size}\n`;
  for (let num = 0; num < size; num++) {
    const entry = file.entries.get(num);
    table +=
      entry?.type === 1
        ? `${String(entry.offset).padStart(10, '0')} ${String(entry.gen).padStart(5, '0')} n\r\n`
        : '0000000000 65535 f\r\n';
  }
  const trailer = serializeObject(file.trailer).replace(/^<</, `<</XRefStm ${file.startxref} `);
  const cleaned = trailer.replace(
    /\/(Type \/XRef|W \[[^\]]*\]|Index \[[^\]]*\]|Filter \/FlateDecode|DecodeParms <<[^>]*>>|Length \d+)/g,
    '',
  );
  const offset = streamed.length + 1;
  return Buffer.concat([
    streamed,
    Buffer.from(`\n${table}trailer\n${cleaned}\nstartxref\n${offset}\n%%EOF\n`, 'latin1'),
  ]);
}
