// The shapes every locale must fill: the reference locale's keys with any string as value. The
// core texts load with the app; each area's texts (send, sign, profile, ident, business, billing, verify) load with its screens.
import type { billingEnGb } from './billing/en-gb.js';
import type { businessEnGb } from './business/en-gb.js';
import type { enGb } from './en-gb.js';
import type { identEnGb } from './ident/en-gb.js';
import type { profileEnGb } from './profile/en-gb.js';
import type { sendEnGb } from './send/en-gb.js';
import type { signEnGb } from './sign/en-gb.js';
import type { verifyEnGb } from './verify/en-gb.js';

type Widen<T> = { readonly [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };

export type CoreMessages = Widen<typeof enGb>;
export type SendMessages = Widen<typeof sendEnGb>;
export type SignMessages = Widen<typeof signEnGb>;
export type ProfileMessages = Widen<typeof profileEnGb>;
export type IdentMessages = Widen<typeof identEnGb>;
export type BusinessMessages = Widen<typeof businessEnGb>;
export type BillingMessages = Widen<typeof billingEnGb>;
export type VerifyMessages = Widen<typeof verifyEnGb>;
/** Every text of one locale, as components see them through `t`. */
export type Messages = CoreMessages &
  SendMessages &
  SignMessages &
  ProfileMessages &
  IdentMessages &
  BusinessMessages &
  BillingMessages &
  VerifyMessages;
