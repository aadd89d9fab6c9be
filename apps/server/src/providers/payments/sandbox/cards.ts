// The sandbox's test cards: the numbers Stripe's test mode documents, each doing what it does
// there. A number that passes the Luhn check but is not a test card is declined, as test mode
// declines real cards. Only brand, last four digits, expiry and behaviour are kept, never the number.

/**
 * What a saved card does. `authenticate_setup` needs 3-D Secure when it is saved and never again
 * (the bank exempts later off-session charges, as Stripe's 4000 0025 0000 3155 does);
 * `authenticate_always` needs it on every charge too (Stripe's 4000 0027 6000 3184).
 */
export type CardBehaviour =
  'succeeds' | 'authenticate_setup' | 'authenticate_always' | 'charge_declined' | 'charge_insufficient_funds';

interface TestCard {
  brand: string;
  /** what saving it does: saved, declined, or saved after a 3-D Secure step */
  setup: 'saved' | 'declined' | 'authenticate';
  behaviour: CardBehaviour;
}

const TEST_CARDS: Record<string, TestCard> = {
  '4242424242424242': { brand: 'visa', setup: 'saved', behaviour: 'succeeds' },
  '5555555555554444': { brand: 'mastercard', setup: 'saved', behaviour: 'succeeds' },
  '4000000000000002': { brand: 'visa', setup: 'declined', behaviour: 'succeeds' },
  '4000002500003155': { brand: 'visa', setup: 'authenticate', behaviour: 'authenticate_setup' },
  '4000002760003184': { brand: 'visa', setup: 'authenticate', behaviour: 'authenticate_always' },
  // saved without complaint, declined when charged: a renewal that fails
  '4000000000000341': { brand: 'visa', setup: 'saved', behaviour: 'charge_declined' },
  '4000000000009995': { brand: 'visa', setup: 'saved', behaviour: 'charge_insufficient_funds' },
};

/** The documented test numbers, for the card page's hint. */
export const TEST_CARD_HINTS: [string, string][] = [
  ['4242 4242 4242 4242', 'succeeds'],
  ['4000 0000 0000 0002', 'is declined'],
  ['4000 0025 0000 3155', 'needs 3-D Secure when saved'],
  ['4000 0027 6000 3184', 'needs 3-D Secure on every charge'],
  ['4000 0000 0000 0341', 'is saved, then declined when charged'],
];

export interface CardEntry {
  number: string;
  /** MM/YY or MM/YYYY */
  expiry: string;
  cvc: string;
}

export type CardReading =
  | {
      ok: true;
      card: TestCard & { last4: string; expMonth: number; expYear: number };
    }
  | {
      ok: false;
      code: 'incorrect_number' | 'invalid_expiry' | 'expired_card' | 'invalid_cvc' | 'card_declined';
    };

export function isLuhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Reads what the card form holds, as a card processor would check it, at the instant `now`. */
export function readCard(entry: CardEntry, now: Date): CardReading {
  const number = entry.number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(number) || !isLuhnValid(number)) return { ok: false, code: 'incorrect_number' };
  const expiry = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(entry.expiry);
  const month = Number(expiry?.[1]);
  if (!expiry || month < 1 || month > 12) return { ok: false, code: 'invalid_expiry' };
  const year = expiry[2]!.length === 2 ? 2000 + Number(expiry[2]) : Number(expiry[2]);
  // a card is valid to the end of its expiry month
  if (Date.UTC(year, month, 1) <= now.getTime()) return { ok: false, code: 'expired_card' };
  if (!/^\d{3,4}$/.test(entry.cvc.trim())) return { ok: false, code: 'invalid_cvc' };
  const card = TEST_CARDS[number];
  if (!card) return { ok: false, code: 'card_declined' };
  return { ok: true, card: { ...card, last4: number.slice(-4), expMonth: month, expYear: year } };
}

/** What charging a saved card does, off-session. */
export function chargeOutcome(
  behaviour: string,
): { status: 'succeeded' } | { status: 'requires_action' } | { status: 'failed'; failureCode: string } {
  switch (behaviour) {
    case 'succeeds':
    case 'authenticate_setup':
      return { status: 'succeeded' };
    case 'authenticate_always':
      return { status: 'requires_action' };
    case 'charge_insufficient_funds':
      return { status: 'failed', failureCode: 'insufficient_funds' };
    default:
      return { status: 'failed', failureCode: 'card_declined' };
  }
}
