// Who pays a signer's identification (GET /v1/user/identification/payment/{id} and its direct
// twin), on SQLite and PostgreSQL: a business on the pro plan pays for its own people's
// identifications but not for the signers it invites; on a trial the signer pays everyone's; a
// simple request needs none; and only the request's signers may ask.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonCaller } from '../../test-support/business.js';
import { businessWithMember, enterCard, postForm } from '../../test-support/billing.js';
import { generatedPdf } from '../../test-support/pdfs.js';
import { signUp } from '../../test-support/accounts.js';
import * as help from '../../test-support/identification.js';
import { createTestApp, testDatabases, type TestApp } from '../../test-support/test-app.js';

describe.each(testDatabases())('who pays an identification on %s', (kind) => {
  let t: TestApp;
  let call: ReturnType<typeof jsonCaller>;
  let pdf: Buffer;
  const payment = (id: string, who: { bearer?: string; token?: string }) =>
    who.token
      ? t.app.inject({
          method: 'GET',
          url: `/v1/direct/user/identification/payment/${id}?token=${who.token}`,
        })
      : call('GET', `/v1/user/identification/payment/${id}`, who.bearer);

  /** A business of two people on the pro plan, whose licence pays its members' identifications. */
  async function onPro(prefix: string) {
    const business = await businessWithMember(t.app, prefix);
    const setup = await call(
      'POST',
      `/v2/businesses/${business.businessId}/subscriptions/stripe_setup_intent`,
      business.admin,
      { country: 'CH' },
    );
    await enterCard(t.app, setup.json().redirect_url, '4242 4242 4242 4242');
    const bought = await call(
      'PUT',
      `/v2/businesses/${business.businessId}/subscriptions/upgrade`,
      business.admin,
      {
        plan: 'pro',
        cycle: 'monthly',
        amount_seats: 3,
      },
    );
    expect(bought.statusCode, bought.body).toBe(200);
    if (bought.json().status === 'requires_action') {
      await postForm(t.app, bought.json().action_url, { decision: 'approve' });
      await t.app.jobs.deliverPaymentWebhooks();
    }
    return business;
  }

  beforeAll(async () => {
    t = await createTestApp(kind);
    call = jsonCaller(t.app);
    pdf = await generatedPdf(1, 'Payment');
  });
  afterAll(async () => {
    await t?.close();
  });

  it("makes a pro business pay for its own people's identifications, not for invited signers'", async () => {
    const pro = await onPro('paying');
    const id = await help.openRequest(t.app, pro.admin, {
      quality: 'qes',
      legislation: 'zertes',
      signers: [pro.memberEmail, 'guest@example.org'],
      pdf,
    });
    const ofMember = await payment(id, { bearer: pro.member });
    expect(ofMember.statusCode, ofMember.body).toBe(200);
    expect(ofMember.json()).toEqual({
      signature_request_id: id,
      quality: 'qes',
      legislation: 'zertes',
      paid_by: 'business',
    });
    const { token } = await help.invitationLink(t.app, 'guest@example.org', id);
    const ofGuest = await payment(id, { token });
    expect(ofGuest.statusCode, ofGuest.body).toBe(200);
    expect(ofGuest.json().paid_by).toBe('signer');
  });

  it('lets the signer pay on a trial, asks nothing of a simple request, and answers only signers', async () => {
    const trial = await businessWithMember(t.app, 'trying');
    const advanced = await help.openRequest(t.app, trial.admin, {
      quality: 'aes',
      legislation: 'eidas',
      signers: [trial.memberEmail],
      pdf,
    });
    expect((await payment(advanced, { bearer: trial.member })).json().paid_by).toBe('signer');
    const simple = await help.openRequest(t.app, trial.admin, {
      quality: 'ses',
      legislation: 'eidas',
      signers: [trial.memberEmail],
      pdf,
    });
    expect((await payment(simple, { bearer: trial.member })).json().paid_by).toBe('none');
    // the sender is no signer of it, a stranger sees nothing of it, nobody is refused as such
    const stranger = await signUp(t.app, 'stranger@example.org', 'Sol');
    for (const who of [trial.admin, stranger]) {
      const refused = await payment(advanced, { bearer: who });
      expect([refused.statusCode, refused.json().code]).toEqual([404, 'signature_request.not_found']);
    }
    expect((await payment(advanced, {})).statusCode).toBe(401);
  });
});
