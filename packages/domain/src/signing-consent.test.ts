import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './locale.js';
import { SIGNING_CONSENT_VERSION, signingConsentText } from './signing-consent.js';

describe('signing consent', () => {
  it('has words for the current version in every language, each its own', () => {
    const texts = LANGUAGES.map((language) => signingConsentText(SIGNING_CONSENT_VERSION, language));
    expect(texts.every((text) => typeof text === 'string' && text.length > 80)).toBe(true);
    expect(new Set(texts).size).toBe(LANGUAGES.length);
  });

  it('knows no words for a version it never had, nor for names inherited from Object', () => {
    expect(signingConsentText('2020-01', 'en')).toBeUndefined();
    expect(signingConsentText('toString', 'en')).toBeUndefined();
    expect(signingConsentText('__proto__', 'de')).toBeUndefined();
  });
});
