// `countersign pdf sign IN OUT --name N --email E [--level L] [--visible PAGE,X,Y,W,H] [--field F]
// [--trust-dir DIR]`: issues a per-signer certificate from the local trust hierarchy and signs.

import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { readSignatureFieldNames } from '@countersign/pdf';
import type { SignatureFieldSpec } from '@countersign/pdf';
import { PADES_LEVELS, signPdf } from '@countersign/pades';
import type { PadesLevel } from '@countersign/pades';
import type { KeyAlgorithm, SignatureLevelQuality } from '@countersign/trust';
import { CliError } from './cli-error.js';
import { readInputFile } from './input-file.js';
import { PDF_SIGN_USAGE } from './usage.js';
import { openCliTrust } from './environment.js';
import type { CliEnvironment } from './environment.js';

function pickOne<T extends string>(value: string, allowed: readonly T[], option: string): T {
  if (!allowed.includes(value as T))
    throw new CliError('cli.bad_option', `--${option} must be one of ${allowed.join(', ')}`);
  return value as T;
}

/** PAGE,X,Y,W,H with a 1-based page, as users count; the engine counts from 0. */
export function parsePlacement(text: string): NonNullable<SignatureFieldSpec['placement']> {
  const numbers = text.split(',').map((part) => Number(part.trim()));
  const [page, x, y, width, height] = numbers;
  const isValid =
    numbers.length === 5 &&
    numbers.every(Number.isFinite) &&
    Number.isInteger(page) &&
    page! >= 1 &&
    width! > 0 &&
    height! > 0;
  if (!isValid)
    throw new CliError('cli.bad_option', '--visible takes PAGE,X,Y,W,H (page from 1, points, positive size)');
  return { page: page! - 1, rect: [x!, y!, width!, height!] };
}

function chooseFieldName(bytes: Uint8Array): string {
  const taken = new Set(readSignatureFieldNames(bytes));
  let number = 1;
  while (taken.has(`Signature${number}`)) number++;
  return `Signature${number}`;
}

export async function runPdfSign(args: string[], io: CliEnvironment): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    strict: true,
    options: {
      name: { type: 'string' },
      email: { type: 'string' },
      level: { type: 'string', default: 'B-T' },
      visible: { type: 'string' },
      field: { type: 'string' },
      quality: { type: 'string', default: 'aes' },
      'key-algorithm': { type: 'string', default: 'P-256' },
      reason: { type: 'string' },
      location: { type: 'string' },
      'trust-dir': { type: 'string' },
    },
  });
  const [input, output] = positionals;
  if (!input || !output || positionals.length > 2 || !values.email || !values.name)
    throw new CliError('cli.usage', `usage: ${PDF_SIGN_USAGE}`);
  const level: PadesLevel = pickOne(values.level, PADES_LEVELS, 'level');
  const quality = pickOne<SignatureLevelQuality>(values.quality, ['ses', 'aes', 'qes'], 'quality');
  const keyAlgorithm = pickOne<KeyAlgorithm>(values['key-algorithm'], ['P-256', 'RSA-2048'], 'key-algorithm');
  const placement = values.visible ? parsePlacement(values.visible) : undefined;

  const bytes = readInputFile(input);
  const trust = await openCliTrust(io, values['trust-dir']);
  const signer = await trust.issueSignerCertificate({
    quality,
    legislation: 'eidas',
    email: values.email,
    name: values.name,
    keyAlgorithm,
  });
  const fieldName = values.field ?? chooseFieldName(bytes);
  const signingTime = new Date();
  const signed = await signPdf(bytes, {
    fieldName,
    ...(values.field ? {} : { createField: { name: fieldName, ...(placement ? { placement } : {}) } }),
    signer,
    level,
    services: trust,
    signingTime,
    name: values.name,
    ...(values.reason ? { reason: values.reason } : {}),
    ...(values.location ? { location: values.location } : {}),
    ...(placement
      ? {
          appearance: {
            name: values.name,
            date: signingTime.toISOString().slice(0, 16).replace('T', ' ') + ' UTC',
            claim: 'Signed with Countersign',
            ...(values.location ? { location: values.location } : {}),
          },
        }
      : {}),
  });
  writeFileSync(output, signed);
  io.stdout(
    `signed ${input} -> ${output} (field ${fieldName}, ${level}, ${keyAlgorithm}, ${values.email})\n`,
  );
  return 0;
}
