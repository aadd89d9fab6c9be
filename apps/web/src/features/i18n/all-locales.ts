// Every text of every locale at once, for tests and the locale-completeness check; the app itself
// loads only the active locale's texts (i18n.ts).
import type { Resource } from 'i18next';
import { LOCALE_AREAS } from './i18n.js';
import type { WebLocale } from './locale.js';
import type { Messages } from './messages.js';

// The web app's namespaces of @countersign/locales, read when this module loads.
const files = import.meta.glob<object>(
  '../../../../../packages/locales/*/{translation,send,sign,profile,ident,business,billing,verify}.json',
  { eager: true, import: 'default' },
);

const byLocale: Record<string, Record<string, object>> = {};
for (const [file, texts] of Object.entries(files)) {
  const [locale, namespace] = file.split('/').slice(-2) as [string, string];
  (byLocale[locale] ??= {})[namespace.replace(/\.json$/, '')] = texts;
}

/** The i18next resources of every locale, namespaced the way the app loads them. */
export const allResources: Resource = byLocale as Resource;

/** Each locale's texts merged into one tree, as components see them. */
export const messagesByLocale = Object.fromEntries(
  Object.entries(byLocale).map(([locale, namespaces]) => [
    locale,
    Object.assign({}, ...['translation', ...LOCALE_AREAS].map((namespace) => namespaces[namespace])),
  ]),
) as Record<WebLocale, Messages>;
