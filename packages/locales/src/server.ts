// The server's texts (its mails, and the words of its documents and signing codes), every namespace
// of every locale, imported so that the server's build carries them inside its bundle;
// apps/server/src/lib/i18n.ts hands them to i18next.
import type { Locale } from '@countersign/domain';
import deChInvoice from '../de-ch/invoice.json' with { type: 'json' };
import deChAccount from '../de-ch/mail-account.json' with { type: 'json' };
import deChBusiness from '../de-ch/mail-business.json' with { type: 'json' };
import deChRequest from '../de-ch/mail-request.json' with { type: 'json' };
import deChWebhook from '../de-ch/mail-webhook.json' with { type: 'json' };
import deChPart11 from '../de-ch/part11.json' with { type: 'json' };
import deChProtocol from '../de-ch/protocol.json' with { type: 'json' };
import deChSigningCodes from '../de-ch/signing-codes.json' with { type: 'json' };
import enGbInvoice from '../en-gb/invoice.json' with { type: 'json' };
import enGbAccount from '../en-gb/mail-account.json' with { type: 'json' };
import enGbBusiness from '../en-gb/mail-business.json' with { type: 'json' };
import enGbRequest from '../en-gb/mail-request.json' with { type: 'json' };
import enGbWebhook from '../en-gb/mail-webhook.json' with { type: 'json' };
import enGbPart11 from '../en-gb/part11.json' with { type: 'json' };
import enGbProtocol from '../en-gb/protocol.json' with { type: 'json' };
import enGbSigningCodes from '../en-gb/signing-codes.json' with { type: 'json' };
import frChInvoice from '../fr-ch/invoice.json' with { type: 'json' };
import frChAccount from '../fr-ch/mail-account.json' with { type: 'json' };
import frChBusiness from '../fr-ch/mail-business.json' with { type: 'json' };
import frChRequest from '../fr-ch/mail-request.json' with { type: 'json' };
import frChWebhook from '../fr-ch/mail-webhook.json' with { type: 'json' };
import frChPart11 from '../fr-ch/part11.json' with { type: 'json' };
import frChProtocol from '../fr-ch/protocol.json' with { type: 'json' };
import frChSigningCodes from '../fr-ch/signing-codes.json' with { type: 'json' };
import itInvoice from '../it/invoice.json' with { type: 'json' };
import itAccount from '../it/mail-account.json' with { type: 'json' };
import itBusiness from '../it/mail-business.json' with { type: 'json' };
import itRequest from '../it/mail-request.json' with { type: 'json' };
import itWebhook from '../it/mail-webhook.json' with { type: 'json' };
import itPart11 from '../it/part11.json' with { type: 'json' };
import itProtocol from '../it/protocol.json' with { type: 'json' };
import itSigningCodes from '../it/signing-codes.json' with { type: 'json' };

/** The reference texts (British English): their keys are the keys every locale must have. */
const reference = {
  'mail-account': enGbAccount,
  'mail-request': enGbRequest,
  'mail-business': enGbBusiness,
  'mail-webhook': enGbWebhook,
  protocol: enGbProtocol,
  invoice: enGbInvoice,
  'signing-codes': enGbSigningCodes,
  part11: enGbPart11,
};
export type ServerTexts = typeof reference;
export type ServerNamespace = keyof ServerTexts;
export const SERVER_NAMESPACES = Object.keys(reference) as ServerNamespace[];

/** A namespace's keys in i18next's dotted form, `confirm.subject`. */
export type TextKey<T> = {
  [K in keyof T & string]: T[K] extends string ? K : `${K}.${TextKey<T[K]>}`;
}[keyof T & string];

export const serverResources: Record<Locale, Record<ServerNamespace, object>> = {
  'en-gb': reference,
  'de-ch': {
    'mail-account': deChAccount,
    'mail-request': deChRequest,
    'mail-business': deChBusiness,
    'mail-webhook': deChWebhook,
    protocol: deChProtocol,
    invoice: deChInvoice,
    'signing-codes': deChSigningCodes,
    part11: deChPart11,
  },
  'fr-ch': {
    'mail-account': frChAccount,
    'mail-request': frChRequest,
    'mail-business': frChBusiness,
    'mail-webhook': frChWebhook,
    protocol: frChProtocol,
    invoice: frChInvoice,
    'signing-codes': frChSigningCodes,
    part11: frChPart11,
  },
  it: {
    'mail-account': itAccount,
    'mail-request': itRequest,
    'mail-business': itBusiness,
    'mail-webhook': itWebhook,
    protocol: itProtocol,
    invoice: itInvoice,
    'signing-codes': itSigningCodes,
    part11: itPart11,
  },
};
