// `countersign maintenance show|set|clear|staff`: the operator's maintenance notice on the
// server's own database, the same use cases as the operator API (`set_by` records `cli`). Every
// server shows a change within seconds, without a restart.
import { parseArgs } from 'node:util';
import { ZSetMaintenance } from '@countersign/contract';
import { systemClock } from '../lib/clock.js';
import { createMaintenanceRepo } from '../modules/maintenance/repo.js';
import {
  clearNotice,
  maintenanceOverview,
  setNotice,
  setStaff,
  type MaintenanceDeps,
} from '../modules/maintenance/notices.js';
import { CliError } from './cli-error.js';
import type { CliEnvironment } from './environment.js';
import { openServerDatabase } from './server-database.js';
import { MAINTENANCE_USAGE } from './usage.js';

type Overview = Awaited<ReturnType<typeof maintenanceOverview>>;

function describe({ notice, staff }: Overview): string {
  const lines = notice
    ? [
        `${notice.mode} notice, ${notice.inForce ? 'in force' : 'not in force'}`,
        `  from ${notice.startsAt} until ${notice.endsAt ?? 'cleared'}`,
        ...(notice.url ? [`  link: ${notice.url}`] : []),
        `  set ${notice.setAt} by ${notice.setBy}`,
      ]
    : ['no maintenance notice'];
  lines.push(`staff who pass a blocking notice: ${staff.length > 0 ? staff.join(', ') : '(none)'}`);
  return lines.join('\n');
}

const usage = () => new CliError('cli.usage', `usage:\n${MAINTENANCE_USAGE}`);

/** The notice the options describe, checked as the operator API checks it. */
function noticeOf(mode: string | undefined, values: { url?: string; from?: string; until?: string }) {
  const parsed = ZSetMaintenance.safeParse({
    mode,
    ...(values.url !== undefined && { url: values.url }),
    ...(values.from !== undefined && { startsAt: values.from }),
    ...(values.until !== undefined && { endsAt: values.until }),
  });
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.') || 'notice'}: ${i.message}`);
    throw new CliError('cli.bad_option', `${problems.join('; ')}\nusage:\n${MAINTENANCE_USAGE}`);
  }
  return parsed.data;
}

export async function runMaintenance(command: string, args: string[], io: CliEnvironment): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    strict: true,
    options: {
      url: { type: 'string' },
      from: { type: 'string' },
      until: { type: 'string' },
      json: { type: 'boolean' },
    },
  });
  const expect = (count: number) => {
    if (positionals.length !== count) throw usage();
  };
  let run: (deps: MaintenanceDeps) => Promise<Overview>;
  if (command === 'show') {
    expect(0);
    run = maintenanceOverview;
  } else if (command === 'set') {
    expect(1);
    const notice = noticeOf(positionals[0], values);
    run = (deps) => setNotice(deps, 'cli', notice);
  } else if (command === 'clear') {
    expect(0);
    run = clearNotice;
  } else {
    expect(2);
    const [action, email = ''] = positionals;
    if (action !== 'add' && action !== 'remove') throw usage();
    run = (deps) => setStaff(deps, email, action === 'add');
  }
  const db = await openServerDatabase(io.env);
  try {
    const overview = await run({
      db: db.kysely,
      maintenance: createMaintenanceRepo(db.kysely),
      clock: systemClock,
    });
    io.stdout(`${values.json ? JSON.stringify(overview, null, 2) : describe(overview)}\n`);
    return 0;
  } finally {
    await db.close();
  }
}
