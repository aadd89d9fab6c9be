// Spec 2, page title: the route's title meta, else the last non-parameter path segment; shown
// as '{title} - Countersign', or just the product name when empty. The title is shown in the
// person's language: its English words name the text (`pageTitles.<key>`), and a title without
// a translation stays as the route gives it.
import { deriveTitleFromPath, pageTitle } from '@countersign/domain';
import type { RouteDefinition } from '@countersign/domain';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

export const productName = 'Countersign';

/** The key of an English page title among the texts: `Cookies blocked` -> `cookies_blocked`, `404` -> `n404`. */
export function pageTitleKey(title: string): string {
  const key = title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');
  return /^\d/.test(key) ? `n${key}` : key;
}

export function useDocumentTitle(route: Pick<RouteDefinition, 'path' | 'title'>): void {
  const { t, i18n } = useTranslation();
  useEffect(() => {
    const english = typeof route.title === 'string' ? route.title.trim() : deriveTitleFromPath(route.path);
    const title =
      english === '' ? '' : t(`pageTitles.${pageTitleKey(english)}` as never, { defaultValue: english });
    document.title = pageTitle({ routeTitle: title, routePath: route.path, product: productName });
  }, [route.path, route.title, t, i18n.language]);
}
