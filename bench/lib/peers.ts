// The peers the benchmarks set our engine beside, set up when a benchmark runs and never
// dependencies of the project: PDFBox (Debian's libpdfbox2-java, with libbcpkix-java for the CMS;
// a small driver compiled into a temporary folder), @signpdf and @libpdf/core (npm, installed into
// bench/.out/signpdf and bench/.out/libpdf), mutool (mupdf-tools) and pdfsig (poppler-utils). A peer that is not
// installed is left out with a line saying how to install it.

import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const JARS = ['pdfbox2', 'fontbox2', 'commons-logging', 'bcprov', 'bcpkix', 'bcutil'].map(
  (name) => `/usr/share/java/${name}.jar`,
);

export function hasCommand(name: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${name}`]).status === 0;
}

export interface PdfBox {
  /** the argv of `java ... PdfBoxBench <args>` */
  argv(...args: string[]): string[];
}

/** Compiles the driver; undefined (after saying why) when Java or the jars are missing. */
export function preparePdfBox(): PdfBox | undefined {
  const missing = JARS.filter((jar) => !existsSync(jar));
  if (!hasCommand('javac') || missing.length > 0) {
    console.log(
      `PDFBox left out: needs javac and ${missing.join(', ') || 'the jars'} (apt-get install default-jdk-headless libpdfbox2-java libbcpkix-java)`,
    );
    return undefined;
  }
  const classes = mkdtempSync(join(tmpdir(), 'bench-pdfbox-'));
  const source = join(dirname(fileURLToPath(import.meta.url)), 'pdfbox', 'PdfBoxBench.java');
  const classpath = [classes, ...JARS].join(':');
  execFileSync('javac', ['-nowarn', '-cp', classpath, '-d', classes, source], { stdio: 'inherit' });
  return { argv: (...args) => ['java', '-cp', classpath, 'PdfBoxBench', ...args] };
}

export interface SignPdfPeer {
  /** the module that signs (exported signOnce), and signs a file when run as a script */
  script: string;
  signOnce(pdf: Buffer, p12: Buffer): Promise<Buffer>;
}

const SIGN_ONCE = `// Written by bench/lib/peers.ts: one @signpdf signature (pdf-lib placeholder, P12 signer), as
// its documentation shows; pdf-lib writes the whole file again.
import { readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import signpdf from '@signpdf/signpdf';
import { P12Signer } from '@signpdf/signer-p12';
import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import { PDFDocument } from 'pdf-lib';

export async function signOnce(pdf, p12) {
  const document = await PDFDocument.load(pdf);
  pdflibAddPlaceholder({
    pdfDoc: document,
    reason: 'bench',
    contactInfo: 'bench@example.com',
    name: 'Bench Signer',
    location: 'Bench',
  });
  const prepared = Buffer.from(await document.save({ useObjectStreams: false }));
  return (signpdf.default ?? signpdf).sign(prepared, new P12Signer(p12));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)
  writeFileSync(process.argv[3], await signOnce(readFileSync(process.argv[2]), readFileSync(process.argv[4])));
`;

/** Installs @signpdf into `dir` once (npm); undefined when that fails. */
export async function prepareSignPdf(dir: string): Promise<SignPdfPeer | undefined> {
  const packages = [
    '@signpdf/signpdf@3',
    '@signpdf/signer-p12@3',
    '@signpdf/placeholder-pdf-lib@3',
    'pdf-lib@1',
  ];
  if (!installOnce(dir, join('@signpdf', 'placeholder-pdf-lib'), packages)) {
    console.log('@signpdf left out: npm install into bench/.out/signpdf failed');
    return undefined;
  }
  const script = join(dir, 'sign-once.mjs');
  writeFileSync(script, SIGN_ONCE);
  const module = (await import(pathToFileURL(script).href)) as Pick<SignPdfPeer, 'signOnce'>;
  return { script, signOnce: module.signOnce };
}

/** Installs `packages` with npm into `dir` once (when `marker` is missing); false when that fails. */
function installOnce(dir: string, marker: string, packages: string[]): boolean {
  mkdirSync(dir, { recursive: true });
  if (existsSync(join(dir, 'node_modules', marker))) return true;
  writeFileSync(join(dir, 'package.json'), '{ "private": true, "type": "module" }\n');
  const install = spawnSync('npm', ['install', '--no-audit', '--no-fund', ...packages], {
    cwd: dir,
    stdio: 'inherit',
  });
  return install.status === 0;
}

export interface LibPdfPeer {
  /** one signature on a new field: load, sign (B-B, CAdES), bytes out */
  signOnce(pdf: Uint8Array, p12: Uint8Array): Promise<Uint8Array>;
}

/**
 * @libpdf/core, a TypeScript PDF library that signs in-process (PAdES B-B to B-LTA), used as its
 * documentation shows: PDF.load, P12Signer.create, pdf.sign. Undefined when npm cannot install it.
 */
export async function prepareLibPdf(dir: string): Promise<LibPdfPeer | undefined> {
  if (!installOnce(dir, '@libpdf/core', ['@libpdf/core@0.4'])) {
    console.log('@libpdf/core left out: npm install into bench/.out/libpdf failed');
    return undefined;
  }
  const entry = join(dir, 'node_modules', '@libpdf', 'core', 'dist', 'index.mjs');
  const { PDF, P12Signer } = (await import(pathToFileURL(entry).href)) as {
    PDF: { load(bytes: Uint8Array): Promise<{ sign(options: object): Promise<{ bytes: Uint8Array }> }> };
    P12Signer: { create(p12: Uint8Array, password: string): Promise<object> };
  };
  return {
    async signOnce(pdf, p12) {
      const document = await PDF.load(pdf);
      const signer = await P12Signer.create(p12, '');
      return (await document.sign({ signer, fieldName: 'bench', level: 'B-B' })).bytes;
    },
  };
}
