// `countersign business list|show|verify|refuse|revoke`: the operator's verification of
// businesses' organisation identities (ADR 062), on the server's own database (DATABASE_URL, or
// the SQLite file in DATA_DIR), brought to the schema this build knows as starting the server
// would. The same use cases as the operator API; the log records `cli` as the actor.

import { parseArgs } from 'node:util';
import type { OperatorBusiness, OperatorBusinessDetail } from '@countersign/contract';
import { systemClock } from '../lib/clock.js';
import { createVerificationRepo } from '../modules/business-verification/repo.js';
import * as operator from '../modules/business-verification/operator-verification.js';
import { CliError } from './cli-error.js';
import { openServerDatabase } from './server-database.js';
import type { CliEnvironment } from './environment.js';
import { BUSINESS_USAGE } from './usage.js';

const STATUSES = ['pending', 'verified', 'refused', 'revoked'] as const;

function describeBusiness(business: OperatorBusiness): string {
  const { verification: v } = business;
  const { name, commercialRegister, country } = v.organisation;
  const lines = [
    `${business.id}  ${v.status}`,
    `  name: ${name}`,
    `  commercial register: ${commercialRegister || '(none)'}`,
    `  country: ${country}`,
  ];
  if (v.requestedAt)
    lines.push(`  asked: ${v.requestedAt}${business.requestedBy ? ` by ${business.requestedBy}` : ''}`);
  if (v.verified) {
    const was = v.verified;
    lines.push(`  verified: ${was.verifiedAt} as "${was.name}", ${was.commercialRegister}, ${was.country}`);
  }
  if (v.reason) lines.push(`  reason: ${v.reason}`);
  return lines.join('\n');
}

function describeDetail(business: OperatorBusinessDetail): string {
  const log = business.log.map(
    (e) =>
      `  ${e.at}  ${e.action} by ${e.actor}: "${e.name}", ${e.commercialRegister}, ${e.country}${e.reason ? ` (${e.reason})` : ''}`,
  );
  return [describeBusiness(business), 'log:', ...(log.length > 0 ? log : ['  (nothing yet)'])].join('\n');
}

const one = (positionals: string[]): string => {
  const [businessId] = positionals;
  if (!businessId || positionals.length > 1) throw new CliError('cli.usage', `usage:\n${BUSINESS_USAGE}`);
  return businessId;
};

export async function runBusiness(command: string, args: string[], io: CliEnvironment): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    strict: true,
    options: {
      status: { type: 'string' },
      pending: { type: 'boolean' },
      name: { type: 'string' },
      register: { type: 'string' },
      country: { type: 'string' },
      note: { type: 'string' },
      reason: { type: 'string' },
      json: { type: 'boolean' },
    },
  });
  const status = values.pending ? 'pending' : (values.status ?? 'pending');
  if (!STATUSES.includes(status as (typeof STATUSES)[number])) {
    throw new CliError('cli.bad_option', `--status is one of ${STATUSES.join(', ')}`);
  }
  const needed = (option: 'name' | 'register' | 'country' | 'reason'): string => {
    const value = values[option];
    if (!value?.trim()) throw new CliError('cli.usage', `--${option} is required\nusage:\n${BUSINESS_USAGE}`);
    return value;
  };
  const print = (result: unknown, text: string) =>
    io.stdout(`${values.json ? JSON.stringify(result, null, 2) : text}\n`);

  const db = await openServerDatabase(io.env);
  try {
    const deps = { verifications: createVerificationRepo(db.kysely), clock: systemClock };
    if (command === 'list') {
      if (positionals.length > 0) throw new CliError('cli.usage', `usage:\n${BUSINESS_USAGE}`);
      const page = await operator.listBusinesses(deps, {
        status: status as (typeof STATUSES)[number],
        page: 1,
        size: 100,
      });
      const more = page.total > page.items.length ? `\n(${page.total - page.items.length} more)` : '';
      const empty = `no business is ${status}`;
      print(page, page.items.length === 0 ? empty : page.items.map(describeBusiness).join('\n\n') + more);
      return 0;
    }
    const businessId = one(positionals);
    let detail: OperatorBusinessDetail;
    if (command === 'show') detail = await operator.showBusiness(deps, businessId);
    else if (command === 'verify') {
      detail = await operator.verifyBusiness(deps, 'cli', businessId, {
        name: needed('name'),
        commercialRegister: needed('register'),
        country: needed('country'),
        note: values.note,
      });
    } else if (command === 'refuse')
      detail = await operator.refuseBusiness(deps, 'cli', businessId, needed('reason'));
    else detail = await operator.revokeBusiness(deps, 'cli', businessId, needed('reason'));
    print(detail, describeDetail(detail));
    return 0;
  } finally {
    await db.close();
  }
}
