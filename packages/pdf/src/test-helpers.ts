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

/** A grey page as three independent renderers draw it: one byte per pixel, 0 black, 255 white. */
export interface GrayPage {
  width: number;
  height: number;
  pixels: Buffer;
  /** pixels per PDF unit */
  scale: number;
}

export type Renderer = 'pdftoppm' | 'mutool' | 'ghostscript';

function readPgm(bytes: Buffer, scale: number): GrayPage {
  // P5, then width, height and the largest value, each after blanks or comment lines
  const fields: number[] = [];
  let at = 2;
  while (fields.length < 3) {
    while (/\s/.test(String.fromCharCode(bytes[at]!))) at += 1;
    if (bytes[at] === 0x23) {
      while (bytes[at] !== 0x0a) at += 1;
      continue;
    }
    const start = at;
    while (!/\s/.test(String.fromCharCode(bytes[at]!))) at += 1;
    fields.push(Number(bytes.subarray(start, at).toString('latin1')));
  }
  const [width, height] = fields as [number, number];
  return { width, height, pixels: bytes.subarray(at + 1, at + 1 + width * height), scale };
}

/** The first page drawn in grey by the named renderer, at 72 dpi (one pixel a point) unless told. */
export function renderGray(renderer: Renderer, bytes: Uint8Array, dpi = 72): GrayPage {
  const path = writeTemp(bytes);
  const out = join(dirname(path), 'page.pgm');
  const commands: Record<Renderer, [string, string[]]> = {
    pdftoppm: [
      'pdftoppm',
      ['-gray', '-r', String(dpi), '-f', '1', '-l', '1', '-singlefile', path, out.slice(0, -4)],
    ],
    mutool: ['mutool', ['draw', '-q', '-c', 'gray', '-r', String(dpi), '-o', out, path, '1']],
    ghostscript: [
      'gs',
      [
        '-q',
        '-dNOPAUSE',
        '-dBATCH',
        '-dSAFER',
        '-sDEVICE=pgmraw',
        `-r${dpi}`,
        '-dFirstPage=1',
        '-dLastPage=1',
        `-sOutputFile=${out}`,
        path,
      ],
    ],
  };
  const [command, args] = commands[renderer];
  execFileSync(command, args, { stdio: 'ignore' });
  return readPgm(readFileSync(out), dpi / 72);
}

/**
 * How many pixels darker than mid-grey lie in a box given in PDF units from the page's lower-left
 * corner (x, y, width, height): the ink a renderer put there.
 */
export function inkIn(page: GrayPage, box: readonly [number, number, number, number]): number {
  const [x, y, width, height] = box.map((v) => v * page.scale) as [number, number, number, number];
  let ink = 0;
  const top = Math.max(0, Math.floor(page.height - (y + height)));
  const bottom = Math.min(page.height, Math.ceil(page.height - y));
  const left = Math.max(0, Math.floor(x));
  const right = Math.min(page.width, Math.ceil(x + width));
  for (let row = top; row < bottom; row += 1)
    for (let column = left; column < right; column += 1)
      if (page.pixels[row * page.width + column]! < 128) ink += 1;
  return ink;
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
