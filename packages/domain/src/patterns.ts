// Input patterns of spec 5: e-mail addresses, the login e-mail parameter, the business support
// contact and domain names. Shared so the server validates what the web form promised.

// A practical address pattern: a dot-atom local part and a domain of at least two labels. It
// accepts what people type and rejects spaces, missing parts and stray @s; it is not RFC 5322's
// full grammar (quoted local parts, IP literals), which no mail form needs.
const EMAIL_PATTERN =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+(?:[A-Za-z]{2,63}|xn--[A-Za-z0-9-]{1,59})$/;

/** RFC 5321 caps an address at 254 octets in practice (a 256-octet path with its brackets). */
export const EMAIL_MAX_LENGTH = 254;

/** Spec 5: standard address pattern. */
export function isEmail(value: unknown): value is string {
  return typeof value === 'string' && value.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(value);
}

/** Spec 5: the e-mail query parameter is kept for login only if it matches, lowercased. */
export function normaliseLoginEmailParam(value: unknown): string | null {
  return isEmail(value) ? value.toLowerCase() : null;
}

// Spec 5: an optional plus, three digits, three digits, then 4 to 6 digits, with optional
// separators (space, dot, dash or slash) between the groups and inside the last one.
const SUPPORT_PHONE_PATTERN = /^\+?\d{3}[ ./-]?\d{3}(?:[ ./-]?\d){4,6}$/;

export function isSupportPhone(value: unknown): value is string {
  return typeof value === 'string' && SUPPORT_PHONE_PATTERN.test(value.trim());
}

export interface SupportContact {
  email: string;
  phone: string;
}

/** Spec 5: support contact e-mail and phone are blanked if invalid. */
export function sanitiseSupportContact(contact: {
  email?: string | null;
  phone?: string | null;
}): SupportContact {
  return {
    email: isEmail(contact.email) ? contact.email : '',
    phone: isSupportPhone(contact.phone) ? contact.phone.trim() : '',
  };
}

// Labels of 1 to 63 letters, digits or inner hyphens, at least two of them, an alphabetic (or
// punycode) top-level label (RFC 1035 section 2.3.1, as relaxed by RFC 1123 section 2.1), 253 at most.
const DOMAIN_PATTERN = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/i;
export const DOMAIN_MAX_LENGTH = 253;

/** Spec 5: domain-name pattern check (the business's e-mail domains). */
export function isDomainName(value: unknown): value is string {
  return typeof value === 'string' && value.length <= DOMAIN_MAX_LENGTH && DOMAIN_PATTERN.test(value);
}
