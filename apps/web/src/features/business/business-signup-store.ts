// What the public business sign-up keeps in this browser between its steps and past the e-mail
// confirmation: the referral code the visitor arrived with (spec 2: /business/signup stores the
// query param `ucc` locally) and the business they described, waiting for their first sign-in to
// be registered. No password or other secret is kept here.

const uccKey = 'countersign.ucc';
const draftKey = 'countersign.business-signup';

/** A confirmation link stays usable this long; a draft older than that is forgotten. */
export const signupDraftLifetimeMs = 7 * 24 * 60 * 60 * 1000;

/** The business as the first step describes it (the body of POST /v2/businesses, terms aside). */
export interface BusinessDraft {
  name: string;
  country: string;
  email: string;
  phone: string;
}

interface StoredDraft {
  business: BusinessDraft;
  /** the address of the account made for it; only that person's first sign-in registers it */
  accountEmail: string | null;
  savedAt: number;
}

// Referral codes are short opaque tokens; anything else in the address is not kept.
const uccPattern = /^[A-Za-z0-9_-]{1,64}$/;

export function saveReferralCode(storage: Storage, code: string | null): void {
  if (code && uccPattern.test(code)) storage.setItem(uccKey, code);
}

export function readReferralCode(storage: Storage): string | null {
  const code = storage.getItem(uccKey);
  return code && uccPattern.test(code) ? code : null;
}

function readStored(storage: Storage, now: number): StoredDraft | null {
  const raw = storage.getItem(draftKey);
  if (!raw) return null;
  try {
    const stored = JSON.parse(raw) as StoredDraft;
    const business = stored.business;
    const isWellFormed =
      typeof stored.savedAt === 'number' &&
      typeof business?.name === 'string' &&
      typeof business.country === 'string' &&
      typeof business.email === 'string' &&
      typeof business.phone === 'string';
    if (isWellFormed && now - stored.savedAt <= signupDraftLifetimeMs) return stored;
  } catch {
    // a value some other version wrote: start again
  }
  storage.removeItem(draftKey);
  return null;
}

/** The first step's business, kept until the account step sends the form. */
export function saveBusinessDraft(storage: Storage, business: BusinessDraft, now = Date.now()): void {
  const stored: StoredDraft = { business, accountEmail: null, savedAt: now };
  storage.setItem(draftKey, JSON.stringify(stored));
}

export function readBusinessDraft(storage: Storage, now = Date.now()): BusinessDraft | null {
  return readStored(storage, now)?.business ?? null;
}

/** The account for the business exists now: its first sign-in (that address) registers the business. */
export function markDraftAccount(storage: Storage, accountEmail: string, now = Date.now()): void {
  const stored = readStored(storage, now);
  if (!stored) return;
  storage.setItem(draftKey, JSON.stringify({ ...stored, accountEmail: accountEmail.toLowerCase() }));
}

/** The business waiting for this person's first sign-in, if they are the one who signed it up. */
export function pendingBusinessFor(storage: Storage, email: string, now = Date.now()): BusinessDraft | null {
  const stored = readStored(storage, now);
  return stored && stored.accountEmail === email.toLowerCase() ? stored.business : null;
}

export function forgetBusinessDraft(storage: Storage): void {
  storage.removeItem(draftKey);
}

/** Where the registration continues after a sign-in: the page that registers the waiting business. */
export const pendingBusinessPath = '/business/register';

/**
 * Where a person goes right after signing in: on to register the business they signed up, if
 * that is waiting for them in this browser, else the stored target or the dashboard.
 */
export function targetAfterSignIn(storage: Storage, email: string, storedTarget: string | null): string {
  if (pendingBusinessFor(storage, email)) return pendingBusinessPath;
  return storedTarget ?? '/dashboard';
}
