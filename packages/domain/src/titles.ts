// The browser tab title of a page (spec 2, "Page title"): the route's title meta when it is a
// string, otherwise derived from the path, followed by the product name.

export interface PageTitleInput {
  /** The route's title meta; anything but a string falls back to the path. */
  routeTitle?: unknown;
  /** The route's path pattern or the concrete path (`/profile/change-password`). */
  routePath: string;
  product: string;
}

/**
 * Spec 2: the last non-parameter segment of the path, capitalised, dashes as spaces. Parameter
 * segments (`:id`), the catch-all `*` and empty segments are skipped.
 */
export function deriveTitleFromPath(routePath: string): string {
  const bare = routePath.split(/[?#]/, 1)[0] ?? '';
  const segments = bare
    .split('/')
    .filter((segment) => segment !== '' && segment !== '*' && !segment.startsWith(':'));
  const last = segments.at(-1);
  if (last === undefined) return '';
  const words = last.replace(/-/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Spec 2: '{title} - {product}', or just the product name when the title is empty. */
export function pageTitle({ routeTitle, routePath, product }: PageTitleInput): string {
  const title = typeof routeTitle === 'string' ? routeTitle.trim() : deriveTitleFromPath(routePath);
  return title === '' ? product : `${title} - ${product}`;
}
