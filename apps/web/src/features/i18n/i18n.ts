// The i18next instance of the web app: four bundled locales (spec section 1), British English as
// default and fallback. Resources are bundled rather than fetched so the first paint is already
// translated and tests need no network.
import i18next from 'i18next';
import type { i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { deCh } from './locales/de-ch.js';
import { enGb } from './locales/en-gb.js';
import { frCh } from './locales/fr-ch.js';
import { it } from './locales/it.js';
import type { Messages } from './locales/messages.js';
import type { WebLocale } from './locale.js';
import { DEFAULT_WEB_LOCALE } from './locale.js';

export const messagesByLocale: Record<WebLocale, Messages> = {
  'en-gb': enGb,
  'de-ch': deCh,
  'fr-ch': frCh,
  it,
};

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Messages };
  }
}

/** A fresh, synchronously initialised instance; the app makes one, each test may make its own. */
export function createI18n(locale: WebLocale = DEFAULT_WEB_LOCALE): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: locale,
    fallbackLng: DEFAULT_WEB_LOCALE,
    lowerCaseLng: true,
    supportedLngs: Object.keys(messagesByLocale),
    resources: Object.fromEntries(
      Object.entries(messagesByLocale).map(([code, messages]) => [code, { translation: messages }]),
    ),
    interpolation: { escapeValue: false }, // React escapes already
    initAsync: false,
    returnNull: false,
  });
  return instance;
}
