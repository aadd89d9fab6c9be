// Spec 2, page title: the route's title meta, else the last non-parameter path segment; shown
// as '{title} - Countersign', or just the product name when empty.
import { pageTitle } from '@countersign/domain';
import type { RouteDefinition } from '@countersign/domain';
import { useEffect } from 'react';

export const productName = 'Countersign';

export function useDocumentTitle(route: Pick<RouteDefinition, 'path' | 'title'>): void {
  useEffect(() => {
    document.title = pageTitle({ routeTitle: route.title, routePath: route.path, product: productName });
  }, [route.path, route.title]);
}
