import {
  flattenTexts as flatten,
  placeholdersOf as placeholders,
  type TextTree as Tree,
} from '@countersign/locales/flatten';
import { describe, expect, it as test } from 'vitest';
import { createI18n, whenI18nReady } from './i18n.js';
import { resolveWebLocale } from './locale.js';
import { allResources, messagesByLocale } from './all-locales.js';

const reference = flatten(messagesByLocale['en-gb'] as Tree);
// Words that are the same in the other languages (product name, loan words).
// words some languages share with English: "Menu" is French and Italian too
const sameInEveryLanguage = new Set([
  'app.name',
  // the technical term, the same in German and French
  'webhooks.heading',
  // the national eIDs go by their own names (ADR 083)
  'eid.austria.section',
  'ident.choose.idaustria',
  'ident.choose.eidplus',
  // the verifier: an algorithm's name, a dash for "none", German "Name", French "Signature {{n}}"
  'verify.file.sha256',
  'verify.signature.none',
  'verify.file.name',
  'verify.signature.signature',
  'nav.business',
  'nav.menu',
  'login.password',
  'signup.password',
  // German "optional", "Name", "Text"; French "Documents", "Signature"
  'send.fields.optionalShort',
  'send.fields.kinds.name',
  'send.fields.kinds.text',
  'send.flow.documents',
  'send.fields.kinds.signature',
  // "Admins", "Domains", "Name" are German too; "Invitations" and "Actions" French too
  'businessPages.dashboard.admins',
  'businessPages.members.admins',
  'businessPages.members.domainsLink',
  'businessPages.members.name',
  'businessPages.members.invitations',
  'businessPages.members.actions',
  'businessPages.domains.heading',
  'businessPages.domains.domain',
  'businessPages.domains.recordName',
  'sign.guide.kinds.name',
  'sign.guide.kinds.text',
  'sign.guide.kinds.signature',
  // French "Image"
  'sign.visual.ways.uploaded',
  // the invoices list: "PDF" everywhere, German "Status", French "Date"
  'billing.invoices.pdf',
  'billing.invoices.status',
  'billing.invoices.date',
  // page titles: "Upgrade", "Extras", "Domains" in German, "Maintenance", "Identification" in French
  'pageTitles.upgrade',
  'pageTitles.extras',
  'pageTitles.domains',
  'pageTitles.maintenance',
  'pageTitles.identification',
  'pageTitles.api',
  'pageTitles.n404',
  // the console: "Person", "Name", "Admin", "Total", "Domains" in German; "Description", "Secret",
  // "Signatures", "Identifications", "Simple", "Total" in French
  'consolePages.seals.person',
  'consolePages.groups.name',
  'consolePages.activity.person',
  'consolePages.activity.roles.admin',
  'consolePages.statistics.total',
  'consolePages.aes.domains',
  'consolePages.api.description',
  'consolePages.api.secret',
  'consolePages.activity.kinds.signatures',
  'consolePages.activity.kinds.identifications',
  'consolePages.activity.levels.ses',
  // plan names are product names; "Plan" is German and French too
  'billing.plans.individual',
  'billing.plans.team',
  'billing.plans.pro',
  'billing.plans.scale',
  'billing.plans.enterprise',
  'billing.choosePlan',
]);

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
  test('translates with interpolation, area texts included', () => {
    const i18n = createI18n('de-ch', allResources);
    expect(i18n.t('dashboard.greeting', { name: 'Ada' })).toBe('Hallo Ada');
    expect(i18n.t('form.maxLength', { 0: 12 })).toBe('Sie dürfen höchstens 12 Zeichen eingeben');
    expect(i18n.t('send.heading')).toBe(messagesByLocale['de-ch'].send.heading);
    expect(createI18n('en-gb', allResources).t('form.required')).toBe('This field is required');
  });

  test('loads only the active locale, and an area only when asked', async () => {
    const i18n = createI18n('fr-ch');
    await whenI18nReady(i18n);
    expect(i18n.t('dashboard.greeting', { name: 'Ada' })).toBe(
      messagesByLocale['fr-ch'].dashboard.greeting.replace('{{name}}', 'Ada'),
    );
    expect(i18n.hasResourceBundle('en-gb', 'translation')).toBe(false);
    expect(i18n.hasResourceBundle('fr-ch', 'sign')).toBe(false);

    await i18n.loadNamespaces('sign');
    expect(i18n.t('sign.view.details')).toBe(messagesByLocale['fr-ch'].sign.view.details);
    await i18n.changeLanguage('de-ch');
    expect(i18n.t('sign.view.details')).toBe(messagesByLocale['de-ch'].sign.view.details);
    expect(i18n.hasResourceBundle('en-gb', 'sign')).toBe(false);
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
