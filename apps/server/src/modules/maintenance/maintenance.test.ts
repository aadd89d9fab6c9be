// Maintenance notices as data, on SQLite and PostgreSQL: the operator sets, schedules and clears
// the notice through the operator API and the web app's configuration reports it at once, within
// its window only; staff the operator names pass a blocking notice (a light one they still see);
// a second server on the same database sees a change within seconds; bad windows and unknown
// people are refused; and without OPERATOR_API_TOKEN or with a wrong token nothing changes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../test-support/accounts.js';
import { noticeSeenBy } from '../../test-support/maintenance.js';
import { createTestApp, createTestClock, testDatabases, type TestApp } from '../../test-support/test-app.js';
import { createMaintenanceReader, createMaintenanceRepo } from './index.js';
import { NOTICE_CACHE_MS } from './notices.js';

const TOKEN = 'operator-token-of-the-tests-0123456789abcdef';
const HOUR = 3_600_000;

describe.each(testDatabases())('maintenance notices on %s', (kind) => {
  let t: TestApp;
  let staff: string;
  let member: string;
  const clock = createTestClock(new Date('2026-12-01T08:00:00Z'));
  const operator = (method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: object, token = TOKEN) =>
    t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload && { payload }) });
  const configFor = (session?: string) => noticeSeenBy(t.app, session);
  const at = (ms: number) => new Date(clock.now().getTime() + ms).toISOString();

  beforeAll(async () => {
    t = await createTestApp(kind, { clock, env: { OPERATOR_API_TOKEN: TOKEN } });
    staff = await signUp(t.app, 'staff@countersign.test', 'Stella');
    member = await signUp(t.app, 'member@example.org', 'Max');
  });
  afterAll(() => t?.close());

  it('shows a notice the operator sets at once, to everyone, and nothing once cleared', async () => {
    expect(await configFor()).toBeNull();
    const set = await operator('PUT', '/v1/operator/maintenance', {
      mode: 'light',
      url: 'https://status.example.org',
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().notice).toMatchObject({ mode: 'light', in_force: true, set_by: 'api', ends_at: null });
    expect(await configFor()).toEqual({ is_blocking: false, url: 'https://status.example.org' });
    expect(await configFor(member)).toEqual({ is_blocking: false, url: 'https://status.example.org' });

    const cleared = await operator('DELETE', '/v1/operator/maintenance');
    expect(cleared.json()).toEqual({ notice: null, staff: [] });
    expect(await configFor()).toBeNull();
  });

  it('holds a scheduled notice only within its window', async () => {
    const set = await operator('PUT', '/v1/operator/maintenance', {
      mode: 'blocking',
      starts_at: at(HOUR),
      ends_at: at(3 * HOUR),
    });
    expect(set.json().notice).toMatchObject({ mode: 'blocking', in_force: false });
    expect(await configFor()).toBeNull();
    clock.advance(HOUR);
    expect(await configFor()).toEqual({ is_blocking: true });
    clock.advance(2 * HOUR);
    expect(await configFor()).toBeNull();
    expect((await operator('GET', '/v1/operator/maintenance')).json().notice).toMatchObject({
      in_force: false,
    });
    await operator('DELETE', '/v1/operator/maintenance');
  });

  it('lets staff the operator named pass a blocking notice, and only a blocking one', async () => {
    const added = await operator('PUT', '/v1/operator/maintenance/staff/Staff@Countersign.test');
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().staff).toEqual(['staff@countersign.test']);
    await operator('PUT', '/v1/operator/maintenance', { mode: 'blocking' });
    expect(await configFor(staff)).toBeNull();
    expect(await configFor(member)).toEqual({ is_blocking: true });
    expect(await configFor()).toEqual({ is_blocking: true });
    // a session that does not hold is nobody, not an error
    expect(await configFor('not-a-session')).toEqual({ is_blocking: true });

    await operator('PUT', '/v1/operator/maintenance', { mode: 'light' });
    expect(await configFor(staff)).toEqual({ is_blocking: false });

    await operator('PUT', '/v1/operator/maintenance', { mode: 'blocking' });
    const removed = await operator('DELETE', '/v1/operator/maintenance/staff/staff@countersign.test');
    expect(removed.json().staff).toEqual([]);
    expect(await configFor(staff)).toEqual({ is_blocking: true });
    await operator('DELETE', '/v1/operator/maintenance');
  });

  it('reaches another server on the same database within the cache time', async () => {
    // a second server's reader, with its own cache and a clock of its own for that cache
    const cacheClock = createTestClock(new Date());
    const other = createMaintenanceReader(
      { maintenance: createMaintenanceRepo(t.db.kysely), clock },
      null,
      cacheClock,
    );
    expect(await other.noticeFor(undefined)).toBeNull();
    await operator('PUT', '/v1/operator/maintenance', { mode: 'blocking' });
    expect(await other.noticeFor(undefined)).toBeNull(); // read a moment ago
    cacheClock.advance(NOTICE_CACHE_MS);
    expect(await other.noticeFor(undefined)).toEqual({ isBlocking: true });
    await operator('DELETE', '/v1/operator/maintenance');
  });

  it('refuses a window that ends before it starts or is over, and unknown people, changing nothing', async () => {
    for (const window of [
      { starts_at: at(2 * HOUR), ends_at: at(HOUR) },
      { starts_at: at(-2 * HOUR), ends_at: at(-HOUR) },
    ]) {
      const refused = await operator('PUT', '/v1/operator/maintenance', { mode: 'light', ...window });
      expect([refused.statusCode, refused.json().code]).toEqual([422, 'maintenance.invalid_window']);
    }
    const badMode = await operator('PUT', '/v1/operator/maintenance', { mode: 'panic' });
    expect([badMode.statusCode, badMode.json().code]).toEqual([400, 'request.validation_failed']);
    const badUrl = await operator('PUT', '/v1/operator/maintenance', {
      mode: 'light',
      url: 'javascript:alert(1)',
    });
    expect(badUrl.statusCode).toBe(400);
    const unknown = await operator('PUT', '/v1/operator/maintenance/staff/nobody@example.org');
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'maintenance.unknown_person']);
    expect((await operator('GET', '/v1/operator/maintenance')).json()).toEqual({ notice: null, staff: [] });
  });

  it('refuses a wrong token and people, and changes nothing', async () => {
    const wrong = await operator('PUT', '/v1/operator/maintenance', { mode: 'blocking' }, 'not-the-token');
    expect([wrong.statusCode, wrong.json().code]).toEqual([401, 'auth.invalid_token']);
    const person = await operator('PUT', '/v1/operator/maintenance', { mode: 'blocking' }, member);
    expect(person.statusCode).toBe(401);
    expect(await configFor()).toBeNull();
  });
});

describe('maintenance without an operator token', () => {
  it('has no operator API, and keeps the notice of the environment', async () => {
    const t = await createTestApp('sqlite', { env: { MAINTENANCE: 'light' } });
    try {
      const res = await t.app.inject({ method: 'PUT', url: '/v1/operator/maintenance', payload: {} });
      expect(res.statusCode).toBe(404);
      expect((await t.app.inject({ url: '/api/config' })).json().maintenance).toEqual({ is_blocking: false });
    } finally {
      await t.close();
    }
  });
});
