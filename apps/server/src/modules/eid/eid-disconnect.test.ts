// Disconnecting a national eID from the profile (ADR 106), on SQLite and PostgreSQL: ID Austria
// goes with its link and the quality it granted, the name is editable again, and the
// identification stays listed, marked disconnected; an eID+ account that has no other way in is
// refused and keeps everything.
import { describe, expect, it } from 'vitest';
import { signUp } from '../../test-support/accounts.js';
import { signInAtSandbox } from '../../test-support/openid.js';
import { testDatabases } from '../../test-support/test-app.js';
import type { SandboxPerson } from '../../providers/openid/sandbox-provider.js';
import { useNationalEidWorld } from './eid-test-world.js';

const person = (email: string): SandboxPerson => ({
  email,
  emailVerified: true,
  firstName: 'Anton',
  lastName: 'Huber',
  birthDate: '1970-02-03',
});

describe.each(testDatabases())('disconnecting a national eID (%s)', (kind) => {
  const { world, call } = useNationalEidWorld(kind);

  const connectIdAustria = async (token: string, who: SandboxPerson) => {
    const start = await call('POST', '/v1/user/identification/id-austria', token, {});
    const back = await signInAtSandbox(start.json().url as string, who);
    return call('POST', '/v1/user/identification/id-austria/callback', token, { query: back.search });
  };

  it('takes ID Austria off the account: link, quality and lock go, the identification stays', async () => {
    const token = await signUp(world.t.app, 'toni@eid.example', 'Toni');
    expect((await connectIdAustria(token, person('toni@eid.example'))).statusCode).toBe(200);
    // eID+ was never connected here
    const eidplus = await call('DELETE', '/v1/user/identification/eidplus', token);
    expect([eidplus.statusCode, eidplus.json().code]).toEqual([404, 'eid.not_connected']);

    const gone = await call('DELETE', '/v1/user/identification/id-austria', token);
    expect(gone.statusCode, gone.body).toBe(200);
    expect(gone.json()).toMatchObject({
      first_name: 'Anton',
      birth_date: '1970-02-03',
      attributes: { immutable_eid_fields: [] },
    });
    expect(gone.json().signature_qualities.aes_minimal.eidas.status).not.toBe('active');
    const detail = (await call('GET', '/v3/user/signature-qualities-detail', token)).json();
    expect(detail.highest_quality).toBe('ses');
    expect(detail.identifications).toEqual([
      expect.objectContaining({
        provider: 'idaustria',
        status: 'success',
        disconnected_at: expect.any(String),
      }),
    ]);
    // the name is the person's own again
    const renamed = await call('PUT', '/v1/user', token, { first_name: 'Toni' });
    expect(renamed.statusCode, renamed.body).toBe(200);

    const again = await call('DELETE', '/v1/user/identification/id-austria', token);
    expect([again.statusCode, again.json().code]).toEqual([404, 'eid.not_connected']);
    // the identity is free: another account may connect it now
    const other = await signUp(world.t.app, 'anton@eid.example', 'Anton');
    expect((await connectIdAustria(other, person('toni@eid.example'))).statusCode).toBe(200);
    // and connecting it again to the first account is refused as taken, not half-done
    const taken = await connectIdAustria(token, person('toni@eid.example'));
    expect(taken.json().code).toBe('eid.identity_taken');
  });

  it('refuses to take eID+ off an account it is the only way into, and changes nothing', async () => {
    const start = await call('POST', '/v1/signup/eidplus', undefined, {});
    const back = await signInAtSandbox(start.json().url as string, person('erika@eid.example'));
    const signedUp = await call('POST', '/v1/signup/eidplus/callback', undefined, { query: back.search });
    expect(signedUp.statusCode, signedUp.body).toBe(200);
    const token = signedUp.json().token as string;

    const refused = await call('DELETE', '/v1/user/identification/eidplus', token);
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'eid.last_way_in']);
    const user = (await call('GET', '/v1/user', token)).json();
    expect(user.attributes.immutable_eid_fields).toEqual(['firstName', 'lastName', 'birthDate']);
    expect(user.signature_qualities.aes_minimal.eidas.status).toBe('active');
    // the same eID still signs the account in
    const start2 = await call('POST', '/v1/signup/eidplus', undefined, {});
    const back2 = await signInAtSandbox(start2.json().url as string, person('erika@eid.example'));
    const again = await call('POST', '/v1/signup/eidplus/callback', undefined, { query: back2.search });
    expect(again.json().user.id).toBe(signedUp.json().user.id);
  });

  it('needs a session', async () => {
    const res = await call('DELETE', '/v1/user/identification/id-austria', undefined);
    expect(res.statusCode).toBe(401);
  });
});
