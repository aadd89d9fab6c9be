// The server's texts through i18next: the JSON namespaces of @countersign/locales, handed to one
// instance by i18next's resources backend, every locale and namespace loaded at start (they are
// bundled with the server, so loading is synchronous and `textsOf` is ready on import).
//
// Interpolation does not escape: a mail's text part takes the sentence as it is, and its HTML part
// escapes the whole finished sentence once (`escapeHtml`), values and wording alike; escaping the
// values here too would show `&amp;` in plain text and double-escape the HTML.
import { LOCALES, localeForLanguage, type Language } from '@countersign/domain';
import {
  SERVER_NAMESPACES,
  serverResources,
  type ServerNamespace,
  type ServerTexts,
  type TextKey,
} from '@countersign/locales/server';
import i18next from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';

const instance = i18next.createInstance();
void instance
  .use(
    resourcesToBackend(
      (locale: string, namespace: string) => serverResources[locale as never]?.[namespace as never],
    ),
  )
  .init({
    initAsync: false,
    preload: [...LOCALES],
    supportedLngs: [...LOCALES],
    lowerCaseLng: true,
    fallbackLng: false,
    ns: SERVER_NAMESPACES,
    defaultNS: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });

export type TextVars = Readonly<Record<string, string | number>>;
export type Texts<N extends ServerNamespace> = (key: TextKey<ServerTexts[N]>, vars?: TextVars) => string;

/** The texts of one namespace in a reader's language. */
export function textsOf<N extends ServerNamespace>(language: Language, namespace: N): Texts<N> {
  // The keys are checked by `Texts` against the reference texts; i18next itself is not told them.
  const t = instance.getFixedT(localeForLanguage(language), namespace) as unknown as (
    key: string,
    vars: TextVars,
  ) => string;
  return (key, vars) => t(key, vars ?? {});
}
