// The i18next instance of the web app: four locales (spec section 1), British English by default,
// its texts the JSON namespaces of @countersign/locales read through i18next-resources-to-backend.
// The browser fetches only the active locale's texts: the core texts before the first paint
// (main.tsx waits for them), and each area's texts (send, sign, profile, ident) when a screen of that
// area opens (`useLocaleArea`), so the first load carries one language and no screen it does not
// show (ADR 024: the dashboard's first load stays under 200 KB gzip). Tests pass every text in up front instead.
import { LOCALES } from '@countersign/domain';
import i18next from 'i18next';
import type { i18n as I18n, Resource } from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next, useTranslation } from 'react-i18next';
import type {
  BillingMessages,
  BusinessMessages,
  IdentMessages,
  Messages,
  ProfileMessages,
  SendMessages,
  SignMessages,
  VerifyMessages,
} from './messages.js';
import type { WebLocale } from './locale.js';
import { DEFAULT_WEB_LOCALE } from './locale.js';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    // `translation` lists the area texts too: at run time `fallbackNS` finds them in their own
    // namespaces, so components write `t('send.heading')` wherever the text lives.
    resources: {
      translation: Messages;
      send: SendMessages;
      sign: SignMessages;
      profile: ProfileMessages;
      ident: IdentMessages;
      business: BusinessMessages;
      billing: BillingMessages;
      verify: VerifyMessages;
    };
  }
}

/** The screen areas whose texts load with their screens; each is an i18next namespace. */
export const LOCALE_AREAS = ['send', 'sign', 'profile', 'ident', 'business', 'billing', 'verify'] as const;
export type LocaleArea = (typeof LOCALE_AREAS)[number];
// One chunk per locale and namespace (the bundler splits each file the glob names); the server's
// namespaces of the same folders are left out.
const namespaceFiles = import.meta.glob<object>(
  '../../../../../packages/locales/*/{translation,send,sign,profile,ident,business,billing,verify}.json',
  { import: 'default' },
);
const localeBackend = resourcesToBackend((language: string, namespace: string) => {
  const load = namespaceFiles[`../../../../../packages/locales/${language}/${namespace}.json`];
  return load ? load() : Promise.reject(new Error(`no texts for ${language}/${namespace}`));
});

/**
 * A fresh instance; the app makes one, each test may make its own. Without `resources` the texts
 * load lazily (wait with `whenI18nReady` before the first render); with them it is ready at once.
 */
export function createI18n(locale: WebLocale = DEFAULT_WEB_LOCALE, resources?: Resource): I18n {
  const instance = i18next.createInstance();
  if (!resources) instance.use(localeBackend);
  void instance.use(initReactI18next).init({
    lng: locale,
    // No fallback language: it would make every visitor download en-gb too, and the locale test
    // guarantees each locale has every key.
    fallbackLng: false,
    load: 'currentOnly',
    lowerCaseLng: true,
    supportedLngs: [...LOCALES],
    ns: ['translation'],
    defaultNS: 'translation',
    // Components ask for `send.heading` in the default namespace; the area namespaces answer.
    fallbackNS: [...LOCALE_AREAS],
    ...(resources ? { resources, initAsync: false } : {}),
    interpolation: { escapeValue: false }, // React escapes already
    returnNull: false,
  });
  return instance;
}

/** Resolves once the active locale's core texts are there (at once for an instance with resources). */
export function whenI18nReady(i18n: I18n): Promise<void> {
  if (i18n.isInitialized) return Promise.resolve();
  return new Promise((resolve) => i18n.on('initialized', () => resolve()));
}

/**
 * Suspends the calling screen until its area's (or areas') texts are loaded for the active locale; later
 * language changes load them for the new locale before switching (i18next keeps the namespace).
 */
export function useLocaleArea(area: LocaleArea | readonly LocaleArea[]): void {
  useTranslation(typeof area === 'string' ? area : [...area]);
}
