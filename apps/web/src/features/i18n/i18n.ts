// The i18next instance of the web app: four locales (spec section 1), British English by default.
// The browser fetches only the active locale's texts: the core texts before the first paint
// (main.tsx waits for them), and each area's texts (send, sign, profile, ident) when a screen of that
// area opens (`useLocaleArea`), so the first load carries one language and no screen it does not
// show (ADR 024: the dashboard's first load stays under 200 KB gzip). Tests pass every text in up front instead.
import i18next from 'i18next';
import type { BackendModule, i18n as I18n, Resource } from 'i18next';
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
} from './locales/messages.js';
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
type Namespace = 'translation' | LocaleArea;

type Loader = () => Promise<object>;
// Spelled out import by import so the bundler makes one small chunk per locale and area.
const loaders: Record<Namespace, Record<WebLocale, Loader>> = {
  translation: {
    'en-gb': async () => (await import('./locales/en-gb.js')).enGb,
    'de-ch': async () => (await import('./locales/de-ch.js')).deCh,
    'fr-ch': async () => (await import('./locales/fr-ch.js')).frCh,
    it: async () => (await import('./locales/it.js')).it,
  },
  send: {
    'en-gb': async () => (await import('./locales/send/en-gb.js')).sendEnGb,
    'de-ch': async () => (await import('./locales/send/de-ch.js')).sendDeCh,
    'fr-ch': async () => (await import('./locales/send/fr-ch.js')).sendFrCh,
    it: async () => (await import('./locales/send/it.js')).sendIt,
  },
  sign: {
    'en-gb': async () => (await import('./locales/sign/en-gb.js')).signEnGb,
    'de-ch': async () => (await import('./locales/sign/de-ch.js')).signDeCh,
    'fr-ch': async () => (await import('./locales/sign/fr-ch.js')).signFrCh,
    it: async () => (await import('./locales/sign/it.js')).signIt,
  },
  profile: {
    'en-gb': async () => (await import('./locales/profile/en-gb.js')).profileEnGb,
    'de-ch': async () => (await import('./locales/profile/de-ch.js')).profileDeCh,
    'fr-ch': async () => (await import('./locales/profile/fr-ch.js')).profileFrCh,
    it: async () => (await import('./locales/profile/it.js')).profileIt,
  },
  ident: {
    'en-gb': async () => (await import('./locales/ident/en-gb.js')).identEnGb,
    'de-ch': async () => (await import('./locales/ident/de-ch.js')).identDeCh,
    'fr-ch': async () => (await import('./locales/ident/fr-ch.js')).identFrCh,
    it: async () => (await import('./locales/ident/it.js')).identIt,
  },
  business: {
    'en-gb': async () => (await import('./locales/business/en-gb.js')).businessEnGb,
    'de-ch': async () => (await import('./locales/business/de-ch.js')).businessDeCh,
    'fr-ch': async () => (await import('./locales/business/fr-ch.js')).businessFrCh,
    it: async () => (await import('./locales/business/it.js')).businessIt,
  },
  billing: {
    'en-gb': async () => (await import('./locales/billing/en-gb.js')).billingEnGb,
    'de-ch': async () => (await import('./locales/billing/de-ch.js')).billingDeCh,
    'fr-ch': async () => (await import('./locales/billing/fr-ch.js')).billingFrCh,
    it: async () => (await import('./locales/billing/it.js')).billingIt,
  },
  verify: {
    'en-gb': async () => (await import('./locales/verify/en-gb.js')).verifyEnGb,
    'de-ch': async () => (await import('./locales/verify/de-ch.js')).verifyDeCh,
    'fr-ch': async () => (await import('./locales/verify/fr-ch.js')).verifyFrCh,
    it: async () => (await import('./locales/verify/it.js')).verifyIt,
  },
};

const lazyLocaleBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = loaders[namespace as Namespace]?.[language as WebLocale];
    if (!load) return callback(new Error(`no texts for ${language}/${namespace}`), false);
    load().then(
      (texts) => callback(null, texts as Resource[string]),
      (error: unknown) => callback(error as Error, false),
    );
  },
};

/**
 * A fresh instance; the app makes one, each test may make its own. Without `resources` the texts
 * load lazily (wait with `whenI18nReady` before the first render); with them it is ready at once.
 */
export function createI18n(locale: WebLocale = DEFAULT_WEB_LOCALE, resources?: Resource): I18n {
  const instance = i18next.createInstance();
  if (!resources) instance.use(lazyLocaleBackend);
  void instance.use(initReactI18next).init({
    lng: locale,
    // No fallback language: it would make every visitor download en-gb too, and the locale test
    // guarantees each locale has every key.
    fallbackLng: false,
    load: 'currentOnly',
    lowerCaseLng: true,
    supportedLngs: Object.keys(loaders.translation),
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
