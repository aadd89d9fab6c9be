// Every text of every locale at once, for tests and the locale-completeness check; the app itself
// loads only the active locale's texts (i18n.ts).
import type { Resource } from 'i18next';
import { billingDeCh } from './billing/de-ch.js';
import { billingEnGb } from './billing/en-gb.js';
import { billingFrCh } from './billing/fr-ch.js';
import { billingIt } from './billing/it.js';
import { businessDeCh } from './business/de-ch.js';
import { businessEnGb } from './business/en-gb.js';
import { businessFrCh } from './business/fr-ch.js';
import { businessIt } from './business/it.js';
import type { WebLocale } from '../locale.js';
import { deCh } from './de-ch.js';
import { enGb } from './en-gb.js';
import { frCh } from './fr-ch.js';
import { it } from './it.js';
import type { Messages } from './messages.js';
import { identDeCh } from './ident/de-ch.js';
import { identEnGb } from './ident/en-gb.js';
import { identFrCh } from './ident/fr-ch.js';
import { identIt } from './ident/it.js';
import { profileDeCh } from './profile/de-ch.js';
import { profileEnGb } from './profile/en-gb.js';
import { profileFrCh } from './profile/fr-ch.js';
import { profileIt } from './profile/it.js';
import { sendDeCh } from './send/de-ch.js';
import { sendEnGb } from './send/en-gb.js';
import { sendFrCh } from './send/fr-ch.js';
import { sendIt } from './send/it.js';
import { signDeCh } from './sign/de-ch.js';
import { signEnGb } from './sign/en-gb.js';
import { signFrCh } from './sign/fr-ch.js';
import { signIt } from './sign/it.js';
import { verifyDeCh } from './verify/de-ch.js';
import { verifyEnGb } from './verify/en-gb.js';
import { verifyFrCh } from './verify/fr-ch.js';
import { verifyIt } from './verify/it.js';

const byArea = {
  'en-gb': {
    translation: enGb,
    send: sendEnGb,
    sign: signEnGb,
    profile: profileEnGb,
    ident: identEnGb,
    business: businessEnGb,
    billing: billingEnGb,
    verify: verifyEnGb,
  },
  'de-ch': {
    translation: deCh,
    send: sendDeCh,
    sign: signDeCh,
    profile: profileDeCh,
    ident: identDeCh,
    business: businessDeCh,
    billing: billingDeCh,
    verify: verifyDeCh,
  },
  'fr-ch': {
    translation: frCh,
    send: sendFrCh,
    sign: signFrCh,
    profile: profileFrCh,
    ident: identFrCh,
    business: businessFrCh,
    billing: billingFrCh,
    verify: verifyFrCh,
  },
  it: {
    translation: it,
    send: sendIt,
    sign: signIt,
    profile: profileIt,
    ident: identIt,
    business: businessIt,
    billing: billingIt,
    verify: verifyIt,
  },
} satisfies Record<WebLocale, Record<string, object>>;

/** The i18next resources of every locale, namespaced the way the app loads them. */
export const allResources = byArea as unknown as Resource;

/** Each locale's texts merged into one tree, as components see them. */
export const messagesByLocale: Record<WebLocale, Messages> = Object.fromEntries(
  Object.entries(byArea).map(([locale, areas]) => [
    locale,
    {
      ...areas.translation,
      ...areas.send,
      ...areas.sign,
      ...areas.profile,
      ...areas.ident,
      ...areas.business,
      ...areas.billing,
      ...areas.verify,
    },
  ]),
) as Record<WebLocale, Messages>;
