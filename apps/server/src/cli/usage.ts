// The usage line of every command, apart from the commands themselves: `countersign --help` and a
// usage error print them without loading what the commands need (PDF engine, trust services,
// image encoders).

export const PDF_SIGN_USAGE =
  'countersign pdf sign IN OUT --name "Signer Name" --email signer@example.com [--level B-B|B-T|B-LT|B-LTA]\n' +
  '    [--visible PAGE,X,Y,W,H] [--field NAME] [--quality ses|aes|qes] [--key-algorithm P-256|RSA-2048]\n' +
  '    [--reason TEXT] [--location TEXT] [--trust-dir DIR]';

export const PDF_VERIFY_USAGE =
  'countersign pdf verify IN [--json] [--at DATE] [--trust-dir DIR] [--trust-anchor CA.pem ...]';

export const PDF_RENDER_USAGE =
  'countersign pdf render IN PAGES OUT [--scale PERCENT] [--format webp|png]\n' +
  '    (PAGES: 3, 2-5, 1,4-6 or all; with more than one page OUT names a pattern such as page-%d.webp)';

export const TRUST_EXPORT_ROOT_USAGE = 'countersign trust export-root OUT.pem [--trust-dir DIR]';

export const BUSINESS_USAGE = [
  '  countersign business list [--status pending|verified|refused|revoked] [--pending] [--json]',
  '  countersign business show BUSINESS_ID [--json]',
  '  countersign business verify BUSINESS_ID --name NAME --register NUMBER --country CC [--note TEXT] [--json]',
  '  countersign business refuse BUSINESS_ID --reason TEXT [--json]',
  '  countersign business revoke BUSINESS_ID --reason TEXT [--json]',
].join('\n');

export const MAINTENANCE_USAGE = [
  '  countersign maintenance show [--json]',
  '  countersign maintenance set light|blocking [--url URL] [--from ISO-TIME] [--until ISO-TIME] [--json]',
  '  countersign maintenance clear [--json]',
  '  countersign maintenance staff add|remove EMAIL [--json]',
].join('\n');
export const BACKUP_USAGE = 'countersign backup DIR';
export const RESTORE_USAGE = 'countersign restore DIR';

export const USAGE = [
  'usage:',
  `  ${PDF_SIGN_USAGE}`,
  `  ${PDF_VERIFY_USAGE}`,
  `  ${PDF_RENDER_USAGE}`,
  `  ${TRUST_EXPORT_ROOT_USAGE}`,
  BUSINESS_USAGE,
  MAINTENANCE_USAGE,
  `  ${BACKUP_USAGE}`,
  `  ${RESTORE_USAGE}`,
  'environment: DATA_DIR (default ./data; the trust hierarchy lives in $DATA_DIR/trust),',
  '  TRUST_KEK (encrypts the private keys; without it a development key is used, never for real signatures).',
  'Nothing serves this hierarchy, so its certificates name no OCSP or CRL address; validators check them',
  '  against the root (trust export-root) and the validation data signatures carry from B-LT on.',
  "business: the server's own database (DATABASE_URL, else $DATA_DIR/countersign.db); verify records exactly",
  "  the name, register number and country checked, which must be the business's as they are now.",
  'maintenance: the notice every server shows within seconds (light: a bar; blocking: /maintenance for all',
  '  but the staff named here), on the same database.',
  "backup, restore: the server's settings (DATABASE_URL or DATA_DIR, BLOB_STORE and S3_*); restore needs an",
  '  empty installation, and PostgreSQL needs pg_dump and pg_restore.',
].join('\n');
