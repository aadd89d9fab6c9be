// Connecting ID Austria (ADR 083): a signed-in person connects it once and their account is
// identified for advanced signatures under eIDAS, with the eID's name and birth date locked; a
// link holder identifies the one signature of their link the same way. Only the person (or link)
// that started a connection can finish it, and an ID Austria identity belongs to one account.
import { connectEidToAccount } from '../accounts/index.js';
import { recordEidIdentification, type Holder } from '../identification/index.js';
import { startProviderFlow, takeProviderAnswer } from '../sso/index.js';
import { IDAUSTRIA, RETURN_PAGES, eidPersonOf, type EidDeps } from './deps.js';

const holderKey = (holder: Holder) =>
  holder.kind === 'user' ? `user:${holder.userId}` : `signer:${holder.signerId}`;

const redirectUri = (deps: Pick<EidDeps, 'publicUrl'>, holder: Holder) =>
  `${deps.publicUrl}${holder.kind === 'user' ? RETURN_PAGES.idaustriaUser : RETURN_PAGES.idaustriaSigner}`;

/** POST /v1/user/identification/id-austria and its direct variant */
export function startIdAustria(deps: EidDeps, holder: Holder) {
  return startProviderFlow(deps.flow, {
    businessId: null,
    providerName: IDAUSTRIA,
    purpose: 'idaustria_connect',
    holder: holderKey(holder),
    redirectUri: redirectUri(deps, holder),
  });
}

/** POST .../id-austria/callback: the answer checked, the identity connected, the level granted. */
export async function completeIdAustria(deps: EidDeps, input: { holder: Holder; query: string }) {
  const { identity } = await takeProviderAnswer(deps.flow, {
    query: input.query,
    purpose: 'idaustria_connect',
    holder: holderKey(input.holder),
    redirectUri: redirectUri(deps, input.holder),
  });
  const person = eidPersonOf(identity);
  if (input.holder.kind === 'user') {
    await connectEidToAccount(deps.accounts, { ...person, userId: input.holder.userId, provider: IDAUSTRIA });
  }
  await recordEidIdentification(deps, {
    holder: input.holder,
    provider: IDAUSTRIA,
    identity: { givenName: person.firstName, surname: person.lastName, country: 'AT' },
  });
}
