// Signing benchmark: median milliseconds to add one signature with our engine (B-B, and B-T with
// the in-process TSA) and with poppler's `pdfsig -add-signature`, on files of ~100 KB, 1 MB,
// 10 MB and a 100-page file; next to the cost of one SHA-256 of the file, which is the floor an
// incremental signature can reach. Then sequential signatures per second on one core. Then the
// corpus's 1.8 MB, 117-page file beside the peers, in-process and as whole processes
// (lib/signing-peers.ts). Not a test.
// Run: npm run bench:signing   (files are generated into bench/.out/, git-ignored; BENCH_PEERS_ONLY=1
// skips the first tables)

import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { signPdf } from '@countersign/pades';
import type { PadesLevel } from '@countersign/pades';
import { DirectoryTrustStore, openTrustServices } from '@countersign/trust';
import type { KeyAlgorithm } from '@countersign/trust';
import { prepareBenchFiles } from './lib/bench-pdfs.js';
import type { BenchFile } from './lib/bench-pdfs.js';
import { pdfsigAddSignatureArgv, preparePdfsigDb } from './lib/pdfsig-signer.js';
import { benchAgainstPeers } from './lib/signing-peers.js';

const OUT = resolve(dirname(fileURLToPath(import.meta.url)), '.out');
const RUNS = 7;
const THROUGHPUT_SIGNATURES = 100;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function timeMedian(action: () => Promise<unknown> | unknown): Promise<number> {
  await action(); // warm-up: JIT, caches, first page-tree walk
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const start = performance.now();
    await action();
    times.push(performance.now() - start);
  }
  return median(times);
}

// a key-form TRUST_KEK (ADR 047): public, as everything a benchmark uses
const KEY_ENCRYPTION_KEY = `key:${Buffer.alloc(32, 0x5a).toString('base64')}`;
const trust = await openTrustServices({
  store: new DirectoryTrustStore(join(OUT, 'trust-key')),
  keyEncryptionKey: KEY_ENCRYPTION_KEY,
  baseUrl: 'http://localhost:3000/trust',
});
const signers = {
  'P-256': await trust.issueSignerCertificate({
    quality: 'aes',
    legislation: 'eidas',
    email: 'bench@example.com',
    name: 'Bench',
  }),
  'RSA-2048': await trust.issueSignerCertificate({
    quality: 'aes',
    legislation: 'eidas',
    email: 'bench@example.com',
    name: 'Bench',
    keyAlgorithm: 'RSA-2048',
  }),
};
const signOnce = (file: BenchFile, level: PadesLevel, keyAlgorithm: KeyAlgorithm = 'P-256') =>
  signPdf(file.bytes, {
    fieldName: 'bench',
    createField: { name: 'bench' },
    signer: signers[keyAlgorithm],
    level,
    services: trust,
  });

const pdfsigDb = preparePdfsigDb(join(OUT, 'pdfsig'));
const pdfsigOut = join(OUT, 'pdfsig-out.pdf');
const signWithPdfsig = (file: BenchFile): void => {
  rmSync(pdfsigOut, { force: true });
  const [command, ...args] = pdfsigAddSignatureArgv(pdfsigDb, file.path, pdfsigOut);
  execFileSync(command!, args, { stdio: 'ignore' });
};

if (!process.env.BENCH_PEERS_ONLY) await benchSizes();

await benchAgainstPeers({
  out: OUT,
  trust,
  trustDir: join(OUT, 'trust-key'),
  keyEncryptionKey: KEY_ENCRYPTION_KEY,
  passphraseTrustDir: join(OUT, 'trust-passphrase'),
  signer: signers['P-256'],
  rsaSigner: signers['RSA-2048'],
});

async function benchSizes(): Promise<void> {
  const files = await prepareBenchFiles(OUT);
  const rows: string[][] = [];
  for (const file of files) {
    const sha = await timeMedian(() => createHash('sha256').update(file.bytes).digest());
    const ourBb = await timeMedian(() => signOnce(file, 'B-B'));
    const ourBbRsa = await timeMedian(() => signOnce(file, 'B-B', 'RSA-2048'));
    const ourBt = await timeMedian(() => signOnce(file, 'B-T'));
    const pdfsig = await timeMedian(() => signWithPdfsig(file));
    rows.push([
      file.label,
      `${(file.bytes.length / 1e6).toFixed(2)} MB`,
      String(file.pages),
      sha.toFixed(2),
      ourBb.toFixed(2),
      ourBbRsa.toFixed(2),
      ourBt.toFixed(2),
      pdfsig.toFixed(1),
      `${(pdfsig / ourBb).toFixed(1)}x`,
    ]);
  }

  const header = [
    'file',
    'size',
    'pages',
    'SHA-256 ms',
    'ours B-B ms',
    'ours B-B RSA ms',
    'ours B-T ms',
    'pdfsig ms',
    'pdfsig/ours',
  ];
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]!.length)),
  );
  const line = (cells: string[]): string =>
    cells.map((cell, column) => cell.padStart(widths[column]!)).join('  ');
  console.log(
    `\nSigning one signature, median of ${RUNS} runs (P-256 unless noted; pdfsig: RSA-2048, adbe.pkcs7.detached, no time-stamp)\n`,
  );
  console.log(line(header));
  console.log(line(widths.map((width) => '-'.repeat(width))));
  for (const row of rows) console.log(line(row));

  const small = files[0]!;
  for (const level of ['B-B', 'B-T'] as const) {
    const start = performance.now();
    for (let index = 0; index < THROUGHPUT_SIGNATURES; index++) await signOnce(small, level);
    const seconds = (performance.now() - start) / 1000;
    console.log(
      `\n${level}: ${(THROUGHPUT_SIGNATURES / seconds).toFixed(0)} signatures/s on one core (${small.label} file, sequential)`,
    );
  }
  console.log('\npdfsig times include process start and NSS initialisation, which are part of using it.');
}
