// An NSS database with an RSA-2048 key and certificate for `pdfsig -add-signature`, the peer the
// signing benchmark compares against. RSA because pdfsig 22.12 sizes /Contents from a trial
// signature and fails now and then when a later ECDSA value comes out a byte longer.

import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const PDFSIG_NICK = 'bench-signer';

export function preparePdfsigDb(dir: string): string {
  const db = `sql:${join(dir, 'nss')}`;
  if (existsSync(join(dir, 'nss', 'cert9.db'))) return db;
  mkdirSync(join(dir, 'nss'), { recursive: true });
  const file = (name: string): string => join(dir, name);
  writeFileSync(file('signer.ext'), 'keyUsage=critical,digitalSignature,nonRepudiation\n');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '30',
      '-subj',
      '/CN=Bench Signer',
      '-addext',
      'keyUsage=critical,digitalSignature,nonRepudiation',
      '-keyout',
      file('signer.key'),
      '-out',
      file('signer.pem'),
    ],
    { stdio: 'ignore' },
  );
  execFileSync('openssl', [
    'pkcs12',
    '-export',
    '-inkey',
    file('signer.key'),
    '-in',
    file('signer.pem'),
    '-name',
    PDFSIG_NICK,
    '-passout',
    'pass:',
    '-out',
    file('signer.p12'),
  ]);
  execFileSync('certutil', ['-N', '--empty-password', '-d', db]);
  execFileSync('pk12util', ['-i', file('signer.p12'), '-d', db, '-W', ''], { stdio: 'ignore' });
  return db;
}

/** `pdfsig -add-signature` with the benchmark's key: a new field named bench, in -> out. */
export function pdfsigAddSignatureArgv(db: string, input: string, output: string): string[] {
  return [
    'pdfsig',
    '-nssdir',
    db,
    '-nick',
    PDFSIG_NICK,
    '-add-signature',
    '-new-signature-field-name',
    'bench',
    input,
    output,
  ];
}
