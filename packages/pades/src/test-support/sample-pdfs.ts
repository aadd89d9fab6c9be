// PDFs the signing tests make for themselves, so they run without the corpus: a small text
// document from @cantoo/pdf-lib, and rewrites of it by other producers (qpdf object streams,
// qpdf linearisation, a pdfsig signature).

import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import { readFile } from 'node:fs/promises';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { ScratchDir } from './tools.js';

const run = promisify(execFile);

export async function makeTextPdf(pages = 2): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  for (let index = 0; index < pages; index++) {
    const page = document.addPage([595, 842]);
    page.drawText(`Countersign test page ${index + 1}`, { x: 72, y: 760, size: 18, font });
    page.drawText('Five people sign this page in turn.', { x: 72, y: 730, size: 12, font });
  }
  return document.save({ useObjectStreams: false });
}

export async function rewriteWithQpdf(
  scratch: ScratchDir,
  bytes: Uint8Array,
  args: readonly string[],
): Promise<Uint8Array> {
  const input = scratch.write('qpdf-in.pdf', bytes);
  const output = `${scratch.path}/qpdf-out.pdf`;
  await run('qpdf', [...args, input, output]);
  return new Uint8Array(await readFile(output));
}

/**
 * A file signed by poppler (`pdfsig -add-signature`, adbe.pkcs7.detached with a signing-time
 * attribute) with an RSA key certified by its own EC CA, made with openssl and imported into a fresh NSS db.
 * Returns the signed bytes and that CA's PEM, which the validator must be told to trust.
 */
export async function signWithPdfsig(
  scratch: ScratchDir,
  bytes: Uint8Array,
): Promise<{ bytes: Uint8Array; caPem: string }> {
  const path = (name: string): string => `${scratch.path}/${name}`;
  const subject = (cn: string): string => `/O=Poppler Test/CN=${cn}`;
  await run('openssl', [
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:P-256',
    '-nodes',
    '-days',
    '30',
    '-subj',
    subject('Poppler Test CA'),
    '-keyout',
    path('ca.key'),
    '-out',
    path('ca.pem'),
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign,cRLSign',
  ]);
  // an RSA signer: pdfsig 22.12 sizes /Contents from a trial signature, and a longer ECDSA value
  // in the real one makes it fail now and then ("unable update signature"); RSA values never vary
  await run('openssl', [
    'req',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-subj',
    subject('Poppler Signer'),
    '-keyout',
    path('signer.key'),
    '-out',
    path('signer.csr'),
  ]);
  // EKU and a CRL distribution point: without them pdfsig -no-ocsp calls any signer certificate
  // "Unknown issue" (test-trust.ts); nothing needs to answer at the address
  scratch.write(
    'signer.ext',
    'keyUsage=critical,digitalSignature,nonRepudiation\nsubjectAltName=email:poppler@example.com\n' +
      'extendedKeyUsage=emailProtection\ncrlDistributionPoints=URI:http://127.0.0.1:9/poppler-test.crl\n',
  );
  await run('openssl', [
    'x509',
    '-req',
    '-in',
    path('signer.csr'),
    '-CA',
    path('ca.pem'),
    '-CAkey',
    path('ca.key'),
    '-CAcreateserial',
    '-days',
    '30',
    '-extfile',
    path('signer.ext'),
    '-out',
    path('signer.pem'),
  ]);
  await run('openssl', [
    'pkcs12',
    '-export',
    '-inkey',
    path('signer.key'),
    '-in',
    path('signer.pem'),
    '-certfile',
    path('ca.pem'),
    '-name',
    'poppler-signer',
    '-passout',
    'pass:',
    '-out',
    path('signer.p12'),
  ]);
  const db = `sql:${path('nss-signer')}`;
  await run('mkdir', ['-p', path('nss-signer')]);
  await run('certutil', ['-N', '--empty-password', '-d', db]);
  await run('pk12util', ['-i', path('signer.p12'), '-d', db, '-W', '']);
  const input = scratch.write('pdfsig-in.pdf', bytes);
  await run('pdfsig', [
    '-nssdir',
    db,
    '-add-signature',
    '-nick',
    'poppler-signer',
    '-new-signature-field-name',
    'poppler-sig',
    '-reason',
    'signed by another tool',
    input,
    path('pdfsig-out.pdf'),
  ]);
  return {
    bytes: new Uint8Array(await readFile(path('pdfsig-out.pdf'))),
    caPem: await readFile(path('ca.pem'), 'utf8'),
  };
}
