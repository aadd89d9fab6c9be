// The relationship survey over HTTP on SQLite and PostgreSQL (ADR 108): not asked in an account's
// first month, then due; answered or dismissed once per round and asked again half a year later;
// the operator's summary adds the answers up as a net promoter score, without names; deleting
// one's account takes one's answers along. (API users are refused: see the authorization matrix.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD, signUp } from '../../test-support/accounts.js';
import { jsonCaller } from '../../test-support/business.js';
import { createTestApp, createTestClock, testDatabases, type TestApp } from '../../test-support/test-app.js';

const DAY = 86_400_000;
const OPERATOR = 'operator-token-for-the-relationship-survey';

describe.each(testDatabases())('the relationship survey on %s', (kind) => {
  let t: TestApp;
  const clock = createTestClock();
  const call = (...args: Parameters<ReturnType<typeof jsonCaller>>) => jsonCaller(t.app)(...args);
  const survey = (token: string) => call('GET', '/v1/user/relationship-survey', token);
  const answer = (token: string, body: object) => call('PUT', '/v1/user/relationship-survey', token, body);
  const summary = (token = OPERATOR) =>
    t.app.inject({
      method: 'GET',
      url: '/v1/operator/relationship-survey',
      headers: { authorization: `Bearer ${token}` },
    });

  /** A fresh session: moving the clock by weeks outlives the last one. */
  const logIn = async (email: string) =>
    (await call('POST', '/v1/login', undefined, { email, password: TEST_PASSWORD })).json().token as string;

  beforeAll(async () => {
    t = await createTestApp(kind, { clock, env: { OPERATOR_API_TOKEN: OPERATOR } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('waits a month, is answered once per round, and comes back half a year later', async () => {
    let token = await signUp(t.app, 'nps@survey.example', 'Nora');
    const early = await survey(token);
    expect(early.statusCode, early.body).toBe(200);
    expect(early.json().status).toBe('not_due');
    const firstDue = early.json().due_at as string;
    expect(new Date(firstDue).getTime() - clock.now().getTime()).toBe(30 * DAY);
    const tooSoon = await answer(token, { outcome: 'answered', score: 9 });
    expect([tooSoon.statusCode, tooSoon.json().code]).toEqual([409, 'relationship_survey.not_due']);

    clock.advance(30 * DAY);
    token = await logIn('nps@survey.example');
    expect((await survey(token)).json()).toEqual({ status: 'due', due_at: firstDue });
    const bad = await answer(token, { outcome: 'answered', score: 11 });
    expect([bad.statusCode, bad.json().code]).toEqual([400, 'request.validation_failed']);
    // two answers at once for one round: one is kept, the other is told the round is settled
    const [one, two] = await Promise.all([
      answer(token, { outcome: 'answered', score: 9, comment: '  Fast and clear.  ' }),
      answer(token, { outcome: 'answered', score: 2 }),
    ]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([200, 409]);
    const kept = (one.statusCode === 200 ? one : two).json();
    expect(kept.status).toBe('not_due');
    expect(new Date(kept.due_at as string).getTime() - clock.now().getTime()).toBe(180 * DAY);

    clock.advance(180 * DAY);
    token = await logIn('nps@survey.example');
    expect((await survey(token)).json().status).toBe('due');
    expect((await answer(token, { outcome: 'dismissed' })).json().status).toBe('not_due');
    const again = await answer(token, { outcome: 'dismissed' });
    expect([again.statusCode, again.json().code]).toEqual([409, 'relationship_survey.not_due']);
  });

  it("gives the operator the installation's net promoter score and comments, without names", async () => {
    const before = (await summary()).json();
    const people = [
      ['promoter@survey.example', { outcome: 'answered', score: 10, comment: 'Our lawyers like it.' }],
      ['passive@survey.example', { outcome: 'answered', score: 7 }],
      ['detractor@survey.example', { outcome: 'answered', score: 3, comment: 'Too many e-mails.' }],
      ['dismisser@survey.example', { outcome: 'dismissed' }],
    ] as const;
    for (const [email] of people) await signUp(t.app, email, 'Sam');
    clock.advance(30 * DAY);
    const tokens = [];
    for (const [email] of people) tokens.push(await logIn(email));
    for (const [i, [, body]] of people.entries()) {
      expect((await answer(tokens[i]!, body)).statusCode).toBe(200);
      clock.advance(1000);
    }

    const after = await summary();
    expect(after.statusCode, after.body).toBe(200);
    const s = after.json();
    expect(s.answered - before.answered).toBe(3);
    expect(s.dismissed - before.dismissed).toBe(1);
    expect(s.promoters - before.promoters).toBe(1);
    expect(s.passives - before.passives).toBe(1);
    expect(s.detractors - before.detractors).toBe(1);
    const expected = Math.round(((s.promoters - s.detractors) / s.answered) * 100);
    expect(s.net_promoter_score).toBe(expected);
    expect(s.comments.slice(0, 2)).toEqual([
      { score: 3, comment: 'Too many e-mails.', created_at: expect.any(String) },
      { score: 10, comment: 'Our lawyers like it.', created_at: expect.any(String) },
    ]);
    expect(JSON.stringify(s)).not.toContain('survey.example');

    // only the operator: a person's session is not the operator's token
    expect((await summary(tokens[0]!)).statusCode).toBe(401);
  });

  it('leaves with a deleted account, comments included', async () => {
    await signUp(t.app, 'leaver@survey.example', 'Lea');
    clock.advance(30 * DAY);
    const token = await logIn('leaver@survey.example');
    expect((await answer(token, { outcome: 'answered', score: 8, comment: 'Mine.' })).statusCode).toBe(200);
    expect(
      await t.db.kysely.selectFrom('relationship_survey_answers').select('user_id').execute(),
    ).toContainEqual(expect.objectContaining({ user_id: expect.any(String) }));
    const deleted = await call('POST', '/v1/user/delete', token, { password: TEST_PASSWORD });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(JSON.stringify((await summary()).json().comments)).not.toContain('Mine.');
    expect((await survey(token)).statusCode).toBe(401);
  });
});
