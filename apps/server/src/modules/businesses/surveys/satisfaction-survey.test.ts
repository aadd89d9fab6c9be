// The satisfaction survey after a first send, over HTTP on SQLite and PostgreSQL (ADR 059): due
// only once a person of the business has sent a request since joining it, answered or dismissed
// once and never asked again, the admins' summary adding up the answers without names; who may
// call what, as a table; deleting one's account takes one's answers along.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessSurveyEndpoints } from '@countersign/contract';
import { TEST_PASSWORD, signUp } from '../../../test-support/accounts.js';
import { jsonCaller } from '../../../test-support/business.js';
import { generatedPdf } from '../../../test-support/pdfs.js';
import { sendRequest } from '../../../test-support/requests.js';
import {
  createTestApp,
  createTestClock,
  testDatabases,
  type TestApp,
} from '../../../test-support/test-app.js';

const MINUTE = 60_000;

describe.each(testDatabases())('the satisfaction survey on %s', (kind) => {
  let t: TestApp;
  const clock = createTestClock();
  let admin: string;
  let businessId: string;
  /** a member who has sent, not yet answered (the trial's seats are few: people are reused) */
  let member: string;
  const call = (...args: Parameters<ReturnType<typeof jsonCaller>>) => jsonCaller(t.app)(...args);
  const survey = (token: string, id = businessId) =>
    call('GET', `/v2/businesses/${id}/satisfaction-survey`, token);
  const answer = (token: string, body: object, id = businessId) =>
    call('PUT', `/v2/businesses/${id}/satisfaction-survey`, token, body);
  const summary = (token: string, id = businessId) =>
    call('GET', `/v2/businesses/${id}/satisfaction-survey/summary`, token);
  const send = async (token: string, title: string) =>
    sendRequest(t.app, token, await generatedPdf(1, title), ['signer@elsewhere.example'], title);

  async function registerBusiness(token: string, name: string): Promise<string> {
    const created = await call('POST', '/v2/businesses', token, { name, accept_gtc: true, accept_dpa: true });
    expect(created.statusCode, created.body).toBe(201);
    return created.json().id as string;
  }

  async function join(email: string, id = businessId, inviter = admin): Promise<string> {
    const token = await signUp(t.app, email, 'Mo');
    await call('POST', `/v1/businesses/${id}/members`, inviter, { users: [{ email }] });
    expect((await call('POST', '/v1/user/accept', token, { business_invite: true })).statusCode).toBe(200);
    return token;
  }

  beforeAll(async () => {
    t = await createTestApp(kind, { clock });
    admin = await signUp(t.app, 'admin@survey.example', 'Ada');
    businessId = await registerBusiness(admin, 'Survey');
  });
  afterAll(async () => {
    await t.close();
  });

  it('is due after the first request sent since joining, and answered once', async () => {
    const email = 'first@survey.example';
    // a request sent as an individual, before joining, is not a business send
    const early = await signUp(t.app, email, 'Fi');
    await send(early, 'Before joining');
    clock.advance(MINUTE);
    await call('POST', `/v1/businesses/${businessId}/members`, admin, { users: [{ email }] });
    await call('POST', '/v1/user/accept', early, { business_invite: true });
    expect((await survey(early)).json()).toEqual({ occasion: 'first_send', status: 'not_due' });
    const tooSoon = await answer(early, { occasion: 'first_send', outcome: 'answered', rating: 5 });
    expect(tooSoon.statusCode).toBe(409);
    expect(tooSoon.json().code).toBe('business.survey_not_due');

    clock.advance(MINUTE);
    await send(early, 'First business send');
    expect((await survey(early)).json().status).toBe('due');
    const answered = await answer(early, {
      occasion: 'first_send',
      outcome: 'answered',
      rating: 4,
      comment: '  Quick, but I looked for the deadline field.  ',
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json()).toEqual({ occasion: 'first_send', status: 'answered' });

    // never again, whatever is sent later or answered next
    await send(early, 'Second business send');
    expect((await survey(early)).json().status).toBe('answered');
    for (const body of [
      { occasion: 'first_send', outcome: 'answered', rating: 1 },
      { occasion: 'first_send', outcome: 'dismissed' },
    ]) {
      const again = await answer(early, body);
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('business.survey_settled');
    }
    const seen = (await summary(admin)).json();
    expect(seen.rating_counts).toEqual([0, 0, 0, 1, 0]);
    expect(seen.comments).toEqual([
      { rating: 4, comment: 'Quick, but I looked for the deadline field.', created_at: expect.any(String) },
    ]);
  });

  it('is settled for good by a dismissal, and two answers at once keep one', async () => {
    const dismisser = await join('dismisser@survey.example');
    await send(dismisser, 'Dismissed');
    const dismissed = await answer(dismisser, { occasion: 'first_send', outcome: 'dismissed' });
    expect(dismissed.json()).toEqual({ occasion: 'first_send', status: 'dismissed' });
    expect((await survey(dismisser)).json().status).toBe('dismissed');

    const racer = await join('racer@survey.example');
    await send(racer, 'Raced');
    const answers = await Promise.all(
      [5, 3].map((rating) => answer(racer, { occasion: 'first_send', outcome: 'answered', rating })),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await survey(racer)).json().status).toBe('answered');
  });

  it('sums up for the admins: counts, mean and comments without names', async () => {
    const admin2 = await signUp(t.app, 'admin@other-survey.example', 'Oz');
    const other = await registerBusiness(admin2, 'Other survey');
    await send(admin2, 'Other business');
    await answer(
      admin2,
      { occasion: 'first_send', outcome: 'answered', rating: 1, comment: 'Elsewhere' },
      other,
    );

    const body = (await summary(admin)).json();
    // first (4), racer (5 or 3), dismisser; the other business's answer is not counted
    expect(body.answered).toBe(2);
    expect(body.dismissed).toBe(1);
    expect([3.5, 4.5]).toContain(body.average_rating);
    expect(body.comments.map((c: { comment: string }) => c.comment)).toEqual([
      'Quick, but I looked for the deadline field.',
    ]);
    expect(JSON.stringify(body)).not.toContain('first@survey.example');
    expect((await summary(admin2, other)).json()).toMatchObject({ answered: 1, average_rating: 1 });
  });

  it('refuses bad answers with nothing kept', async () => {
    const picky = await join('picky@survey.example');
    member = picky;
    await send(picky, 'Picky');
    for (const body of [
      { occasion: 'first_send', outcome: 'answered', rating: 0 },
      { occasion: 'first_send', outcome: 'answered', rating: 6 },
      { occasion: 'first_send', outcome: 'answered', rating: 3.5 },
      { occasion: 'first_send', outcome: 'answered' },
      { occasion: 'first_send', outcome: 'answered', rating: 3, comment: 'x'.repeat(1001) },
      { occasion: 'first_send', outcome: 'dismissed', rating: 3 },
      { occasion: 'every_send', outcome: 'dismissed' },
      { occasion: 'first_send', outcome: 'loved' },
    ]) {
      const refused = await answer(picky, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json().code).toBe('request.validation_failed');
    }
    expect((await survey(picky)).json().status).toBe('due');
  });

  it('answers each caller as the policy says; another business gets 404', async () => {
    const individual = await signUp(t.app, 'individual@survey.example', 'In');
    const foreignAdmin = await signUp(t.app, 'foreign@survey.example', 'Fo');
    await registerBusiness(foreignAdmin, 'Foreign survey');
    const callers: Record<string, string | undefined> = {
      admin,
      member,
      user: individual,
      foreign_admin: foreignAdmin,
      nobody: undefined,
    };
    const expected: Record<keyof typeof businessSurveyEndpoints, Record<string, number>> = {
      getSatisfactionSurvey: { admin: 200, member: 200, user: 404, foreign_admin: 404, nobody: 401 },
      answerSatisfactionSurvey: { admin: 200, member: 200, user: 404, foreign_admin: 404, nobody: 401 },
      getSatisfactionSurveySummary: { admin: 200, member: 403, user: 404, foreign_admin: 404, nobody: 401 },
    };
    const calls = {
      getSatisfactionSurvey: (token?: string) =>
        call('GET', `/v2/businesses/${businessId}/satisfaction-survey`, token),
      answerSatisfactionSurvey: (token?: string) =>
        call('PUT', `/v2/businesses/${businessId}/satisfaction-survey`, token, {
          occasion: 'first_send',
          outcome: 'dismissed',
        }),
      getSatisfactionSurveySummary: (token?: string) =>
        call('GET', `/v2/businesses/${businessId}/satisfaction-survey/summary`, token),
    };
    await send(admin, 'The admin sends too');
    for (const [name, byCaller] of Object.entries(expected) as [
      keyof typeof calls,
      Record<string, number>,
    ][]) {
      for (const [caller, status] of Object.entries(byCaller)) {
        const response = await calls[name](callers[caller]);
        expect(response.statusCode, `${name} as ${caller}: ${response.body}`).toBe(status);
      }
    }
    expect(Object.keys(calls).sort()).toEqual(Object.keys(businessSurveyEndpoints).sort());
  });

  it("deletes a person's answers with their account", async () => {
    const keeper = await signUp(t.app, 'keeper@leavers.example', 'Ke');
    const leavers = await registerBusiness(keeper, 'Leavers');
    const leaver = await join('leaver@leavers.example', leavers, keeper);
    await send(leaver, 'Leaving');
    await answer(leaver, { occasion: 'first_send', outcome: 'answered', rating: 1, comment: 'Bye' }, leavers);
    expect((await summary(keeper, leavers)).json().comments[0].comment).toBe('Bye');
    const deleted = await call('POST', '/v1/user/delete', leaver, { password: TEST_PASSWORD });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const after = (await summary(keeper, leavers)).json();
    expect(after.comments.map((c: { comment: string }) => c.comment)).not.toContain('Bye');
    expect(after.rating_counts[0]).toBe(0);
  });
});
