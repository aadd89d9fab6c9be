// Renders a validation report as a readable table for `countersign pdf verify`.

import type { SignatureReport, ValidationReport } from '@countersign/pades';

const COLUMNS: [string, (signature: SignatureReport, index: number) => string][] = [
  ['#', (_, index) => String(index + 1)],
  ['field', (signature) => signature.fieldName],
  ['kind', (signature) => (signature.kind === 'signature' ? 'signature' : 'doc-timestamp')],
  [
    'signer',
    (signature) =>
      signature.signer?.commonName ?? signature.signer?.email ?? signature.signer?.organisation ?? '?',
  ],
  ['level', (signature) => signature.level ?? (signature.kind === 'signature' ? signature.subFilter : '-')],
  ['time', (signature) => (signature.timestampTime ?? signature.signingTime ?? '').replace('.000Z', 'Z')],
  ['coverage', (signature) => signature.coverage],
  ['trusted', (signature) => (signature.chainsToTrustAnchor ? 'yes' : 'no')],
  ['result', (signature) => [signature.indication, signature.subIndication].filter(Boolean).join(' / ')],
];

export function formatReport(report: ValidationReport): string {
  if (report.signatures.length === 0) return 'no signatures\n';
  const rows = report.signatures.map((signature, index) => COLUMNS.map(([, cell]) => cell(signature, index)));
  const header = COLUMNS.map(([title]) => title);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]!.length)),
  );
  const line = (cells: string[]): string =>
    cells
      .map((cell, column) => cell.padEnd(widths[column]!))
      .join('  ')
      .trimEnd();
  const lines = [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)];
  for (const [index, signature] of report.signatures.entries())
    for (const problem of signature.problems) lines.push(`  ${index + 1}: ${problem}`);
  const failed = report.signatures.filter((signature) => signature.indication !== 'TOTAL_PASSED').length;
  lines.push(
    failed === 0
      ? `all ${report.signatures.length} signatures and time-stamps pass`
      : `${failed} of ${report.signatures.length} signatures and time-stamps do not pass`,
  );
  return `${lines.join('\n')}\n`;
}
