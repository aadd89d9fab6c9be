// After a successful call of the authorization matrix: makes again what it may have used up (the
// things its path names, and what AFTER_SUCCESS says besides), so the next call finds A whole.
import type { Endpoint, EndpointName } from '@countersign/contract';
import { TEST_PASSWORD } from '../accounts.js';
import { credentialsOf, type PrincipalName } from './calls.js';
import { AFTER_SUCCESS, PATH_PARAMS, paramKeys } from './fixtures.js';
import { must, renewers, type Served, type World } from './world.js';

export function afterSuccessOn(served: Served, w: World) {
  const app = served.app;
  const renew = renewers(served, w);
  return async (name: EndpointName, endpoint: Endpoint, principal: PrincipalName): Promise<void> => {
    if (endpoint.method === 'GET') return;
    const used = new Set(
      paramKeys(endpoint.path).map(({ key }) => {
        const slice = PATH_PARAMS[key]!.renew;
        return typeof slice === 'function' ? slice(name) : slice;
      }),
    );
    const also = AFTER_SUCCESS[name];
    if (also === 'session') {
      // the principal signed out: it signs in again
      const credentials = credentialsOf(w, principal);
      if (credentials.kind === 'person') {
        const login = await must(app, 'POST', '/v1/login', undefined, {
          email: credentials.person.email,
          password: TEST_PASSWORD,
        });
        credentials.person.token = login.token;
      }
    } else if (also === 'spare') {
      // the spare member was removed: invited again, it joins again
      await must(app, 'POST', `/v1/businesses/${w.a.businessId}/members`, w.a.owner.token, {
        users: [{ email: w.a.spare.email }],
      });
      await must(app, 'POST', '/v1/user/accept', w.a.spare.token, { business_invite: true });
    } else if (also) used.add(also);
    for (const slice of used) if (slice) await renew[slice]();
  };
}
