// `countersign business ...` on SQLite and PostgreSQL (ADR 062): the operator lists the
// businesses waiting, verifies one on the server's own database (and is refused when what they
// typed is not the business as it is), after which the server makes its seal; the log names the
// command line as the actor; revoking stops the seals again. The compiled command has it too.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../test-support/accounts.js';
import { jsonCaller } from '../test-support/business.js';
import { createTestApp, testDatabases, type TestApp } from '../test-support/test-app.js';
import { runCli } from './run-cli.js';

const run = promisify(execFile);
const BIN = fileURLToPath(new URL('../../bin/countersign.mjs', import.meta.url));

describe.each(testDatabases())('countersign business on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let businessId: string;
  const output = { stdout: '', stderr: '' };
  const env = () => ({
    DATA_DIR: t.config.dataDir,
    ...(t.config.databaseUrl && { DATABASE_URL: t.config.databaseUrl }),
  });
  const cli = async (...argv: string[]): Promise<number> => {
    output.stdout = '';
    output.stderr = '';
    return runCli(argv, {
      env: env(),
      stdout: (text) => (output.stdout += text),
      stderr: (text) => (output.stderr += text),
    });
  };
  const call = (...args: Parameters<ReturnType<typeof jsonCaller>>) => jsonCaller(t.app)(...args);
  const seal = (name: string) =>
    call('POST', `/v1/businesses/${businessId}/seals`, admin, { name, label: 'Invoices' });

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await signUp(t.app, 'mallory@trial.example', 'Mallory');
    const created = await call('POST', '/v2/businesses', admin, {
      name: 'UBS Switzerland AG',
      country: 'CH',
      accept_gtc: true,
      accept_dpa: true,
    });
    businessId = created.json().id;
    const asked = await call('POST', `/v1/businesses/${businessId}/verification`, admin, {
      commercial_register: 'CHE-412.669.376',
    });
    expect(asked.json().status).toBe('pending');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists the businesses waiting and verifies one, which then gets its seal', async () => {
    expect((await seal('early')).json().code).toBe('seal.organisation_unverified');
    expect(await cli('business', 'list', '--pending')).toBe(0);
    expect(output.stdout).toContain(`${businessId}  pending`);
    expect(output.stdout).toContain('name: UBS Switzerland AG');
    expect(output.stdout).toContain('commercial register: CHE-412.669.376');
    expect(output.stdout).toContain('by mallory@trial.example');

    const verify = ['business', 'verify', businessId, '--register', 'CHE-412.669.376', '--country', 'CH'];
    expect(await cli(...verify, '--name', 'UBS AG')).toBe(1);
    expect(output.stderr).toMatch(/^error business\.verification_mismatch: .*UBS Switzerland AG/);
    expect(await cli('business', 'verify', businessId)).toBe(2);
    expect(output.stderr).toContain('--name is required');
    expect((await seal('still-early')).json().code).toBe('seal.organisation_unverified');

    expect(await cli(...verify, '--name', 'UBS Switzerland AG', '--note', 'Zefix extract of today')).toBe(0);
    expect(output.stdout).toContain(`${businessId}  verified`);
    const made = await seal('invoices');
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().certificate.subject).toContain('O=UBS Switzerland AG');

    expect(await cli('business', 'list')).toBe(0);
    expect(output.stdout).toBe('no business is pending\n');
    expect(await cli('business', 'show', businessId, '--json')).toBe(0);
    const shown = JSON.parse(output.stdout);
    expect(shown.log.map((e: { action: string; actor: string }) => [e.action, e.actor])).toEqual([
      ['requested', expect.stringMatching(/^user:/)],
      ['verified', 'cli'],
    ]);
    expect(shown.log[1]).toMatchObject({ name: 'UBS Switzerland AG', reason: 'Zefix extract of today' });
  });

  it('revokes a verification, after which no seal is made', async () => {
    expect(await cli('business', 'revoke', businessId)).toBe(2);
    expect(await cli('business', 'revoke', businessId, '--reason', 'Not the bank')).toBe(0);
    expect(output.stdout).toContain('revoked');
    expect((await seal('late')).json().code).toBe('seal.organisation_unverified');
    expect(await cli('business', 'refuse', businessId, '--reason', 'No')).toBe(1);
    expect(output.stderr).toMatch(/^error business\.verification_not_pending:/);
    expect(await cli('business', 'list', '--status', 'revoked', '--json')).toBe(0);
    expect(JSON.parse(output.stdout).items.map((b: { id: string }) => b.id)).toEqual([businessId]);
    expect(await cli('business', 'list', '--status', 'lost')).toBe(1);
    expect(output.stderr).toMatch(/^error cli\.bad_option:/);
  });

  it.runIf(kind === 'sqlite')('is in the compiled command, and names a missing database', async () => {
    const { stdout } = await run(process.execPath, [BIN, 'business', 'list', '--status', 'revoked'], {
      env: { ...process.env, ...env() },
    });
    expect(stdout).toContain(businessId);
    const missing = await run(process.execPath, [BIN, 'business', 'list'], {
      env: { ...process.env, DATA_DIR: `${t.config.dataDir}/nowhere` },
    }).catch((error: { code: number; stderr: string }) => error);
    expect(missing).toMatchObject({ code: 1, stderr: expect.stringContaining('error cli.file_not_found') });
  });
});
