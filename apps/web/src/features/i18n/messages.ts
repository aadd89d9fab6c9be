// The shapes every locale must fill: the keys of the reference locale's JSON namespaces
// (@countersign/locales, en-gb) with strings as values. The core texts (`translation`) load with
// the app; each area's texts (send, sign, profile, ident, business, billing, verify) with its screens.
import type billingEnGb from '@countersign/locales/en-gb/billing.json';
import type businessEnGb from '@countersign/locales/en-gb/business.json';
import type identEnGb from '@countersign/locales/en-gb/ident.json';
import type profileEnGb from '@countersign/locales/en-gb/profile.json';
import type sendEnGb from '@countersign/locales/en-gb/send.json';
import type signEnGb from '@countersign/locales/en-gb/sign.json';
import type enGb from '@countersign/locales/en-gb/translation.json';
import type verifyEnGb from '@countersign/locales/en-gb/verify.json';

export type CoreMessages = typeof enGb;
export type SendMessages = typeof sendEnGb;
export type SignMessages = typeof signEnGb;
export type ProfileMessages = typeof profileEnGb;
export type IdentMessages = typeof identEnGb;
export type BusinessMessages = typeof businessEnGb;
export type BillingMessages = typeof billingEnGb;
export type VerifyMessages = typeof verifyEnGb;
/** Every text of one locale, as components see them through `t`. */
export type Messages = CoreMessages &
  SendMessages &
  SignMessages &
  ProfileMessages &
  IdentMessages &
  BusinessMessages &
  BillingMessages &
  VerifyMessages;
