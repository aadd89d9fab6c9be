import { describe, expect, it as test } from 'vitest';
import { createI18n, messagesByLocale } from './i18n.js';
import { resolveWebLocale } from './locale.js';
import { enGb } from './locales/en-gb.js';

type Tree = { readonly [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [inner, text] of flatten(value, path)) out.set(inner, text);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
const reference = flatten(enGb);
// Words that are the same in the other languages (product name, loan words).
const sameInEveryLanguage = new Set(['app.name', 'nav.business', 'login.password', 'signup.password']);

describe.each(Object.entries(messagesByLocale))('locale %s', (_locale, messages) => {
  const flat = flatten(messages as Tree);

  test('has every key of en-gb and no others', () => {
    expect([...flat.keys()].filter((key) => !reference.has(key))).toEqual([]);
    expect([...reference.keys()].filter((key) => !flat.has(key))).toEqual([]);
  });

  test('has no empty text and keeps the placeholders of en-gb', () => {
    for (const [key, text] of flat) {
      expect(text.trim(), key).not.toBe('');
      expect(placeholders(text), key).toEqual(placeholders(reference.get(key) ?? ''));
    }
  });
});

const translations = Object.entries(messagesByLocale).filter(([locale]) => locale !== 'en-gb');

describe.each(translations)('translation %s', (_locale, messages) => {
  test('is translated rather than copied from en-gb', () => {
    const copied = [...flatten(messages as Tree)].filter(
      ([key, text]) => !sameInEveryLanguage.has(key) && text === reference.get(key),
    );
    expect(copied.map(([key]) => key)).toEqual([]);
  });
});

describe('i18n instance', () => {
  test('translates with interpolation and falls back to en-gb', () => {
    const i18n = createI18n('de-ch');
    expect(i18n.t('dashboard.greeting', { name: 'Ada' })).toBe('Hallo Ada');
    expect(i18n.t('form.maxLength', { 0: 12 })).toBe('Sie dürfen höchstens 12 Zeichen eingeben');
    expect(createI18n('en-gb').t('form.required')).toBe('This field is required');
  });
});

describe('resolveWebLocale', () => {
  test('prefers the user language, then the stored choice, then the browser', () => {
    expect(resolveWebLocale({ userLanguage: 'fr', storedLocale: 'de-ch', browserLanguages: ['en'] })).toBe(
      'fr-ch',
    );
    expect(resolveWebLocale({ storedLocale: 'de-ch', browserLanguages: ['fr-CH'] })).toBe('de-ch');
    expect(resolveWebLocale({ browserLanguages: ['es-ES', 'fr-CH'] })).toBe('fr-ch');
    expect(resolveWebLocale({})).toBe('en-gb');
  });

  test('refuses Italian outside direct-sign', () => {
    expect(resolveWebLocale({ userLanguage: 'it' })).toBe('en-gb');
    expect(resolveWebLocale({ browserLanguages: ['it-CH', 'de'] })).toBe('de-ch');
    expect(resolveWebLocale({ userLanguage: 'it', isDirectSign: true })).toBe('it');
  });
});
