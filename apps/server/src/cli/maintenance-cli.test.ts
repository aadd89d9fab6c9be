// `countersign maintenance ...` on SQLite and PostgreSQL: the operator sets a blocking notice on
// the server's own database and the running server reports it (the command line recorded as who
// set it); names staff, who then pass it; a bad window or an unknown person is refused with its
// code and changes nothing; clearing ends it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../test-support/accounts.js';
import { noticeSeenBy } from '../test-support/maintenance.js';
import { createTestApp, testDatabases, type TestApp } from '../test-support/test-app.js';
import { runCli } from './run-cli.js';

describe.each(testDatabases())('countersign maintenance on %s', (kind) => {
  let t: TestApp;
  let staff: string;
  const output = { stdout: '', stderr: '' };
  const cli = async (...argv: string[]): Promise<number> => {
    output.stdout = '';
    output.stderr = '';
    return runCli(argv, {
      env: {
        DATA_DIR: t.config.dataDir,
        ...(t.config.databaseUrl && { DATABASE_URL: t.config.databaseUrl }),
      },
      stdout: (text) => (output.stdout += text),
      stderr: (text) => (output.stderr += text),
    });
  };
  const configFor = (session?: string) => noticeSeenBy(t.app, session);

  beforeAll(async () => {
    t = await createTestApp(kind);
    staff = await signUp(t.app, 'staff@countersign.test', 'Stella');
  });
  afterAll(() => t?.close());

  it('sets a notice the running server shows, lets staff pass it, and clears it', async () => {
    expect(await cli('maintenance', 'set', 'blocking', '--url', 'https://status.example.org', '--json')).toBe(
      0,
    );
    expect(JSON.parse(output.stdout).notice).toMatchObject({ mode: 'blocking', setBy: 'cli', inForce: true });
    // the server's cache of the notice lasts seconds; a restart reads it at once
    await t.restart();
    expect(await configFor()).toEqual({ is_blocking: true, url: 'https://status.example.org' });

    expect(await cli('maintenance', 'staff', 'add', 'staff@countersign.test')).toBe(0);
    expect(output.stdout).toContain('staff who pass a blocking notice: staff@countersign.test');
    expect(await configFor(staff)).toBeNull();

    expect(await cli('maintenance', 'clear')).toBe(0);
    expect(output.stdout).toContain('no maintenance notice');
    await t.restart();
    expect(await configFor()).toBeNull();
  });

  it('refuses a bad window, an unknown person and a bad mode with their codes, changing nothing', async () => {
    expect(
      await cli(
        'maintenance',
        'set',
        'light',
        '--from',
        '2030-01-02T00:00:00Z',
        '--until',
        '2030-01-01T00:00:00Z',
      ),
    ).toBe(1);
    expect(output.stderr).toMatch(/^error maintenance\.invalid_window:/);
    expect(await cli('maintenance', 'set', 'panic')).toBe(1);
    expect(output.stderr).toMatch(/^error cli\.bad_option:/);
    expect(await cli('maintenance', 'staff', 'add', 'nobody@example.org')).toBe(1);
    expect(output.stderr).toMatch(/^error maintenance\.unknown_person:/);
    expect(await cli('maintenance', 'staff', 'promote', 'x@example.org')).toBe(2);
    expect(await cli('maintenance', 'show', '--json')).toBe(0);
    expect(JSON.parse(output.stdout)).toEqual({ notice: null, staff: ['staff@countersign.test'] });
  });
});
