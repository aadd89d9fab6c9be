// Signing and verifying the corpus's 1.8 MB, 117-page file, beside the peers: in-process (our
// engine against the floor, PDFBox in a warm JVM, @signpdf and @libpdf/core), and as whole
// processes, the way a user runs them (`countersign pdf sign` and `pdf verify` against pdfsig,
// PDFBox, @signpdf and `mutool sign -v`), interleaved. Ratios are ours / peer: lower is better.
// `pdf sign` runs under a key-form TRUST_KEK (HKDF) and, for comparison, under a passphrase
// (scrypt at every start, ADR 047).

import { createHash, generateKeyPairSync, sign } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { signPdf, validatePdf } from '@countersign/pades';
import type { Signer } from '@countersign/trust';
import type { CountersignTrustServices } from '@countersign/trust';
import { prepareSignedCorpusFile } from './bench-pdfs.js';
import { timeInterleaved } from './in-process.js';
import { hasCommand, prepareLibPdf, preparePdfBox, prepareSignPdf } from './peers.js';
import { pdfsigAddSignatureArgv, preparePdfsigDb } from './pdfsig-signer.js';
import { interleave, medianOf, pairedRatio } from './whole-process.js';
import type { Command, ProcessFigures } from './whole-process.js';

const ROUNDS = 5;
const IN_PROCESS_ROUNDS = 25;
const CLI = ['node', resolve(import.meta.dirname, '../../apps/server/bin/countersign.mjs')];

export interface PeerBenchOptions {
  out: string;
  trust: CountersignTrustServices;
  /** a hierarchy made under `keyEncryptionKey`, a key-form TRUST_KEK */
  trustDir: string;
  keyEncryptionKey: string;
  /** where `pdf sign` makes (on its first run) and uses a hierarchy under a passphrase */
  passphraseTrustDir: string;
  signer: Signer;
  /** RSA-2048, as the peers sign, for the ratio against @libpdf/core */
  rsaSigner: Signer;
}

function printTable(header: string[], rows: string[][]): void {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]!.length)),
  );
  const line = (cells: string[]): string =>
    cells
      .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)))
      .join('  ');
  console.log(line(header));
  console.log(line(widths.map((width) => '-'.repeat(width))));
  for (const row of rows) console.log(line(row));
}

const ms = (value: number | undefined): string => (value === undefined ? '-' : value.toFixed(1));

export async function benchAgainstPeers(options: PeerBenchOptions): Promise<void> {
  const { out, trust, signer } = options;
  // kept per hierarchy: the signed file must chain to the root that this run trusts
  const corpus = await prepareSignedCorpusFile(
    join(out, 'corpus', basename(options.trustDir)),
    signer,
    trust,
  );
  const pdfsigDb = preparePdfsigDb(join(out, 'pdfsig'));
  const p12Path = join(out, 'pdfsig', 'signer.p12');
  const p12 = readFileSync(p12Path);
  const pdfbox = preparePdfBox();
  const signpdf = await prepareSignPdf(join(out, 'signpdf'));
  const libpdf = await prepareLibPdf(join(out, 'libpdf'));
  const hasMutool = hasCommand('mutool');
  if (!hasMutool) console.log('mutool left out: apt-get install mupdf-tools');

  // in-process, interleaved with the floor; CPU time as well as wall time, since a machine shared
  // with other work stretches wall time by whatever else it runs
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const anchors = [trust.rootCertificate()];
  const report = validatePdf(corpus.signed.bytes, { trustAnchors: anchors });
  if (!report.isValid) throw new Error('the six signatures of the benchmark file do not validate');
  const ownActions = {
    floor: () => sign('sha256', createHash('sha256').update(corpus.original.bytes).digest(), privateKey),
    prepared: () => signPdf(corpus.withFields.bytes, { fieldName: 'Signer1', signer, level: 'B-B' }),
    newField: () =>
      signPdf(corpus.original.bytes, {
        fieldName: 'bench',
        createField: { name: 'bench' },
        signer,
        level: 'B-B',
      }),
    verify: () => validatePdf(corpus.signed.bytes, { trustAnchors: anchors }),
  };
  const own = await timeInterleaved(ownActions, IN_PROCESS_ROUNDS);
  const floor = own.floor;
  const [java, ...javaArgs] = pdfbox?.argv('time-sign', corpus.original.path, p12Path, '20') ?? [];
  const pdfboxWarm = java ? Number(execFileSync(java, javaArgs, { encoding: 'utf8' }).trim()) : undefined;
  const signpdfInProcess = signpdf
    ? (await timeInterleaved({ signpdf: () => signpdf.signOnce(Buffer.from(corpus.original.bytes), p12) }, 7))
        .signpdf.wallMs
    : undefined;
  // @libpdf/core first, so that each ratio is ours / it, paired round by round
  const newFieldWith = (by: Signer) => () =>
    signPdf(corpus.original.bytes, {
      fieldName: 'bench',
      createField: { name: 'bench' },
      signer: by,
      level: 'B-B',
    });
  const versusLibPdf = libpdf
    ? await timeInterleaved(
        {
          libpdf: () => libpdf.signOnce(corpus.original.bytes, p12),
          ours: newFieldWith(signer),
          oursRsa: newFieldWith(options.rsaSigner),
        },
        9,
      )
    : undefined;
  const newField = own.newField.wallMs;
  const versusFloor = (key: 'prepared' | 'newField'): string[] => [
    `${ms(own[key].wallMs)} (cpu ${ms(own[key].cpuMs)})`,
    `floor ${ms(floor.wallMs)} (cpu ${ms(floor.cpuMs)})`,
    `${own[key].wallRatio!.toFixed(1)}x (cpu ${own[key].cpuRatio!.toFixed(1)}x)`,
  ];

  console.log(
    `\nThe corpus's 1.8 MB, 117-page file, in-process (medians of ${IN_PROCESS_ROUNDS} interleaved rounds, ms; ratios paired round by round; ours P-256, peers RSA-2048)\n`,
  );
  printTable(
    ['operation', 'ours', 'vs', 'ratio'],
    [
      ['sign a prepared field (B-B)', ...versusFloor('prepared')],
      ['sign a new invisible field (B-B)', ...versusFloor('newField')],
      ...(pdfboxWarm
        ? [
            [
              'sign a new field',
              ms(newField),
              `PDFBox warm JVM ${ms(pdfboxWarm)}`,
              `${(newField / pdfboxWarm).toFixed(2)}x`,
            ],
          ]
        : []),
      ...(signpdfInProcess
        ? [
            [
              'sign a new field',
              ms(newField),
              `@signpdf ${ms(signpdfInProcess)}`,
              `${(newField / signpdfInProcess).toFixed(2)}x`,
            ],
          ]
        : []),
      ...(versusLibPdf
        ? (['ours', 'oursRsa'] as const).map((key) => [
            key === 'ours' ? 'sign a new field' : 'sign a new field, both RSA-2048',
            `${ms(versusLibPdf[key].wallMs)} (cpu ${ms(versusLibPdf[key].cpuMs)})`,
            `@libpdf/core ${ms(versusLibPdf.libpdf.wallMs)} (cpu ${ms(versusLibPdf.libpdf.cpuMs)})`,
            `${versusLibPdf[key].wallRatio!.toFixed(2)}x (cpu ${versusLibPdf[key].cpuRatio!.toFixed(2)}x)`,
          ])
        : []),
      [
        'verify 6 signatures + document time-stamp',
        `${ms(own.verify.wallMs)} (cpu ${ms(own.verify.cpuMs)})`,
        'target 30',
        `${(own.verify.wallMs / 30).toFixed(2)}x`,
      ],
    ],
  );
  console.log('floor: SHA-256 of the file and one P-256 signature; target: a signature under 3x the floor');

  // whole processes
  process.env.TRUST_KEK = options.keyEncryptionKey;
  const output = (name: string) => join(out, name);
  const fresh = (name: string) => () => rmSync(output(name), { force: true });
  const trustDir = ['--trust-dir', options.trustDir];
  const signArgv = (to: string) => [
    ...CLI,
    ...['pdf', 'sign', corpus.original.path, to, '--name', 'Bench', '--email', 'bench@example.com'],
    ...['--level', 'B-B'],
  ];
  const signing: Command[] = [
    { label: 'countersign pdf sign', argv: [...signArgv(output('cli.pdf')), ...trustDir] },
    {
      label: 'countersign pdf sign, passphrase KEK',
      argv: [...signArgv(output('cli-passphrase.pdf')), '--trust-dir', options.passphraseTrustDir],
      env: { TRUST_KEK: 'signing benchmark passphrase, stretched at every start' },
    },
    {
      label: 'pdfsig -add-signature',
      argv: pdfsigAddSignatureArgv(pdfsigDb, corpus.original.path, output('pdfsig.pdf')),
      before: fresh('pdfsig.pdf'),
    },
    ...(pdfbox
      ? [
          {
            label: 'PDFBox (java)',
            argv: pdfbox.argv('sign', corpus.original.path, output('pdfbox.pdf'), p12Path),
          },
        ]
      : []),
    ...(signpdf
      ? [
          {
            label: '@signpdf (node)',
            argv: ['node', signpdf.script, corpus.original.path, output('signpdf.pdf'), p12Path],
          },
        ]
      : []),
  ];
  const verifying: Command[] = [
    { label: 'countersign pdf verify', argv: [...CLI, 'pdf', 'verify', corpus.signed.path, ...trustDir] },
    { label: 'pdfsig', argv: ['pdfsig', corpus.signed.path] },
    ...(hasMutool ? [{ label: 'mutool sign -v', argv: ['mutool', 'sign', '-v', corpus.signed.path] }] : []),
  ];
  // a Node program's floor: the runtime starting and stopping with nothing to do
  const help: Command[] = [
    { label: 'countersign --help', argv: [...CLI, '--help'] },
    { label: 'node -e 0 (start-up floor)', argv: ['node', '-e', '0'] },
  ];
  const rows: string[][] = [];
  const runs = new Map<string, ProcessFigures[]>();
  for (const group of [signing, verifying, help]) {
    const groupRuns = interleave(group, ROUNDS);
    for (const [label, figures] of groupRuns) runs.set(label, figures);
    const base = groupRuns.get(group[0]!.label)!;
    for (const [label, figures] of groupRuns) {
      const ratio = (key: keyof ProcessFigures) =>
        figures === base ? '' : `${pairedRatio(base, figures, key).toFixed(2)}x`;
      rows.push([
        label,
        ms(medianOf(figures, 'wallMs')),
        ms(medianOf(figures, 'cpuMs')),
        medianOf(figures, 'peakMiB').toFixed(1),
        ratio('wallMs'),
        ratio('cpuMs'),
      ]);
    }
  }
  console.log(`\nWhole processes, interleaved, medians of ${ROUNDS} rounds (sign: B-B, a new field)\n`);
  printTable(['command', 'wall ms', 'cpu ms', 'peak MiB', 'ours/this wall', 'ours/this cpu'], rows);
  for (const [ours, theirs] of [
    ['countersign pdf sign', 'pdfsig -add-signature'],
    ['countersign pdf verify', 'pdfsig'],
  ] as const) {
    const paired = (key: keyof ProcessFigures) =>
      pairedRatio(runs.get(ours)!, runs.get(theirs)!, key).toFixed(2);
    console.log(`${ours} / ${theirs}: ${paired('wallMs')}x wall, ${paired('cpuMs')}x cpu`);
  }
  console.log(
    'targets: countersign pdf sign and pdf verify at most 1.0x pdfsig; --help under 150 ms; peak under 100 MiB',
  );
}
