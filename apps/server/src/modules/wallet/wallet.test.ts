// Identification with a digital identity wallet over HTTP, on SQLite and PostgreSQL (ADR 085): a
// link holder without an account presents a PID from the sandbox wallet and signs at the advanced
// level; an account holder does the same from their profile. Every refused presentation (bad
// signature, forged disclosure, wrong nonce or audience, untrusted or revoked issuer, no key
// binding, an expired credential or request, missing claims, a replay) answers its catalogue code
// and changes nothing: the identification stays open and the good presentation still succeeds.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { KeyObject } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestClock, testDatabases, type TestApp } from '../../test-support/test-app.js';
import { signUp } from '../../test-support/accounts.js';
import { generatedPdf } from '../../test-support/pdfs.js';
import { CONSENT } from '../../test-support/consent.js';
import * as help from '../../test-support/identification.js';
import {
  holderKey,
  issuePid,
  presentPid,
  randomPidIssuer,
  sandboxPidIssuer,
  trustEntryOf,
  SANDBOX_PERSON,
  type PidIssuer,
} from '../../providers/wallet/sandbox-wallet.js';

const RESPONSE = '/v1/identification/wallet/response';
// the sandbox issuer's key derives from the installation's key, which the test therefore names
const TRUST_KEK = 'wallet-test-installation-key';
const CLAIMS = ['given_name', 'family_name', 'issuing_country'];

describe.each(testDatabases())('wallet identification on %s', (kind) => {
  let t: TestApp;
  let sandbox: PidIssuer;
  const clock = createTestClock(new Date());
  const revoked = randomPidIssuer('https://withdrawn.example/pid');
  const listDir = mkdtempSync(path.join(tmpdir(), 'wallet-trust-'));
  let sender: string;
  let pdf: Buffer;

  const direct = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
    t.app.inject({ method, url: `${url}?token=${token}`, ...(payload && { payload }) });
  const answer = (state: string, vpToken: string) =>
    t.app.inject({
      method: 'POST',
      url: RESPONSE,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ state, vp_token: JSON.stringify({ pid: [vpToken] }) }).toString(),
    });

  /** The request the wallet receives, read from the identification's url. */
  const requestOf = (url: string) => {
    const query = new URL(url).searchParams;
    return {
      nonce: query.get('nonce') ?? '',
      state: query.get('state') ?? '',
      audience: query.get('client_id') ?? '',
      dcql: JSON.parse(query.get('dcql_query') ?? '{}') as {
        credentials: { claims: { path: string[] }[]; meta: { vct_values: string[] } }[];
      },
    };
  };

  /** A new account starts a wallet identification from its profile. */
  async function startAsAccount(email: string) {
    const auth = { authorization: `Bearer ${await signUp(t.app, email, 'Owen')}` };
    const started = await t.app.inject({
      method: 'POST',
      url: '/v1/user/identification/wallet/pid',
      headers: auth,
      payload: {},
    });
    expect(started.statusCode, started.body).toBe(201);
    return { auth, request: requestOf(started.json().url) };
  }

  /** A presentation as a wallet makes it; `change` spoils one aspect of it. */
  async function presentation(
    request: { nonce: string; audience: string },
    change: {
      issuer?: PidIssuer;
      holder?: KeyObject;
      nonce?: string;
      audience?: string;
      keyBinding?: boolean;
      validSeconds?: number;
      disclose?: string[];
      forge?: boolean;
    } = {},
  ) {
    const holder = holderKey();
    const credential = await issuePid(change.issuer ?? sandbox, SANDBOX_PERSON, holder, {
      now: clock.now(),
      ...(change.validSeconds !== undefined && { validSeconds: change.validSeconds }),
    });
    if (change.forge) {
      // a disclosure the issuer never signed, claiming another name
      const forged = Buffer.from(JSON.stringify(['c2FsdA', 'given_name', 'Mallory'])).toString('base64url');
      credential.disclosures['given_name'] = forged;
    }
    return presentPid(credential, {
      disclose: change.disclose ?? CLAIMS,
      holder: change.holder ?? holder,
      nonce: change.nonce ?? request.nonce,
      audience: change.audience ?? request.audience,
      now: clock.now(),
      ...(change.keyBinding === false && { keyBinding: false }),
    });
  }

  beforeAll(async () => {
    const list = path.join(listDir, 'trust-list.json');
    writeFileSync(list, JSON.stringify({ issuers: [trustEntryOf(revoked, 'revoked')] }));
    t = await createTestApp(kind, { clock, env: { WALLET_TRUST_LIST: list, TRUST_KEK } });
    sandbox = sandboxPidIssuer(t.config.publicUrl, TRUST_KEK);
    pdf = await generatedPdf(1, 'Wallet');
    sender = await signUp(t.app, 'wallet-sender@example.org', 'Sender');
  });
  afterAll(async () => {
    await t?.close();
    rmSync(listDir, { recursive: true, force: true });
  });

  it('lets a link holder identify with the sandbox wallet and sign at the advanced level', async () => {
    const id = await help.openRequest(t.app, sender, {
      quality: 'aes',
      legislation: 'eidas',
      signers: ['walletguest@example.org'],
      pdf,
    });
    const { signerId, token } = await help.invitationLink(t.app, 'walletguest@example.org', id);
    const needs = await t.app.inject({
      method: 'GET',
      url: `/v3/signature-requests/${id}/signatures/${signerId}/ident-method?token=${token}`,
    });
    expect(needs.json().methods).toContainEqual({ provider: 'wallet', method: 'pid' });

    const started = await direct('POST', '/v1/direct/user/identification/wallet/pid', token, {});
    expect(started.statusCode, started.body).toBe(201);
    const url = started.json().url as string;
    expect(url).toContain('/sandbox/wallet?');
    const request = requestOf(url);
    // only what the advanced level's certificate names is asked for
    expect(request.dcql.credentials[0]!.claims.map((c) => c.path[0])).toEqual(CLAIMS);
    expect(request.audience).toBe(`redirect_uri:${t.config.publicUrl}${RESPONSE}`);

    // the sandbox wallet's page, as the person uses it
    const page = await t.app.inject({ method: 'GET', url: `${new URL(url).pathname}${new URL(url).search}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Share with Countersign');
    const shared = await t.app.inject({
      method: 'POST',
      url: '/sandbox/wallet',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        ...Object.fromEntries(new URL(url).searchParams),
        given_name: 'Wanda',
        family_name: 'Wallet',
        birthdate: '1990-05-01',
        issuing_country: 'AT',
      }).toString(),
    });
    expect(shared.statusCode, shared.body).toBe(303);
    expect(shared.headers.location).toBe(
      `${t.config.publicUrl}/direct-sign/identification/${id}/${signerId}`,
    );

    const done = (await direct('GET', '/v1/direct/user/identification/wallet/pid', token)).json();
    expect(done).toMatchObject({ status: 'success', provider: 'wallet', method: 'pid', url: null });
    const detail = (await direct('GET', '/v3/direct/user/signature-qualities-detail', token)).json();
    expect(detail.highest_quality).toBe('aes');
    expect(detail.signature_qualities.aes.any).toEqual({ status: 'active' });
    expect(detail.signature_qualities.qes?.eidas?.status).toBeUndefined();

    const signed = await direct('POST', '/v3/direct/sign', token, {
      consent: CONSENT,
      signature_requests: [{ signature_request_id: id }],
    });
    expect(signed.statusCode, signed.body).toBe(200);
    // the certificate names the person the wallet's issuer vouched for
    const stored = await t.db.kysely
      .selectFrom('identifications')
      .select(['given_name', 'surname', 'country', 'mobile'])
      .where('signer_id', '=', signerId)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ given_name: 'Wanda', surname: 'Wallet', country: 'AT', mobile: null });
    const kept = await t.db.kysely.selectFrom('wallet_presentations').selectAll().execute();
    const row = kept.find((r) => r.identification_id === done.id)!;
    expect((JSON.parse(row.disclosed ?? '[]') as string[]).sort()).toEqual([...CLAIMS].sort());
    expect(row.issuer).toBe(sandbox.issuer);
  });

  it('refuses each bad presentation with its code and changes nothing; the good one then counts', async () => {
    const { auth, request } = await startAsAccount('walletowner@example.org');
    const stranger = randomPidIssuer('https://stranger.example/pid');
    const cases: [string, Parameters<typeof presentation>[1], number][] = [
      ['identification.wallet_signature_invalid', { issuer: randomPidIssuer(sandbox.issuer) }, 400],
      ['identification.wallet_signature_invalid', { forge: true }, 400],
      ['identification.wallet_nonce_mismatch', { nonce: 'another-request-nonce' }, 400],
      ['identification.wallet_audience_mismatch', { audience: 'redirect_uri:https://evil.example/cb' }, 400],
      ['identification.wallet_issuer_untrusted', { issuer: stranger }, 403],
      ['identification.wallet_issuer_revoked', { issuer: revoked }, 403],
      ['identification.wallet_key_binding_missing', { keyBinding: false }, 400],
      ['identification.wallet_key_binding_invalid', { holder: holderKey() }, 400],
      ['identification.wallet_credential_expired', { validSeconds: -3600 }, 400],
      ['identification.wallet_claims_missing', { disclose: ['given_name'] }, 400],
    ];
    for (const [code, change, status] of cases) {
      const refused = await answer(request.state, await presentation(request, change));
      expect(refused.json().code, JSON.stringify(change)).toBe(code);
      expect(refused.statusCode).toBe(status);
    }
    expect((await answer(request.state, 'not-an-sd-jwt')).json().code).toBe(
      'identification.wallet_presentation_invalid',
    );
    expect((await answer('x'.repeat(43), await presentation(request))).json().code).toBe(
      'identification.wallet_request_unknown',
    );
    // nothing changed: the identification is open and the account holds no advanced quality
    const open = await t.app.inject({
      method: 'GET',
      url: '/v1/user/identification/wallet/pid',
      headers: auth,
    });
    expect(open.json().status).toBe('initialized');
    const before = await t.app.inject({
      method: 'GET',
      url: '/v3/user/signature-qualities-detail',
      headers: auth,
    });
    expect(before.json().highest_quality).toBe('ses');

    const good = await presentation(request);
    const accepted = await answer(request.state, good);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().redirect_uri).toBe(`${t.config.publicUrl}/profile/signature-standards`);
    const after = await t.app.inject({
      method: 'GET',
      url: '/v3/user/signature-qualities-detail',
      headers: auth,
    });
    expect(after.json()).toMatchObject({
      highest_quality: 'aes',
      signature_qualities: { aes: { any: { status: 'active' } } },
    });
    // the same answer again is a replay
    expect((await answer(request.state, good)).json().code).toBe('identification.wallet_request_unknown');
  });

  it('refuses an answer after the request expired, leaving the identification open', async () => {
    const { auth, request } = await startAsAccount('walletlate@example.org');
    clock.advance(11 * 60_000);
    const late = await answer(request.state, await presentation(request));
    expect(late.statusCode).toBe(410);
    expect(late.json().code).toBe('identification.wallet_request_expired');
    const open = await t.app.inject({
      method: 'GET',
      url: '/v1/user/identification/wallet/pid',
      headers: auth,
    });
    expect(open.json().status).toBe('initialized');
  });
});
