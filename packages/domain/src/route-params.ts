// Spec 8: "Route validation failure: fatal page error, status 404 or the validator's status,
// message 'Page Not Found' followed by the path." Every parameter of our routes is an id (a UUID,
// an invitation's or a link's id) or a seal's account name, none longer than 64 characters and
// none with characters outside these; anything else in their place is no page of ours, whoever
// asks, and is refused before any screen or call runs with it.
const ROUTE_PARAM = /^[A-Za-z0-9._-]{1,64}$/;

export const ROUTE_VALIDATION_STATUS = 404;

/** The message of a route that failed validation, as spec 8 words it. */
export function pageNotFoundMessage(pathname: string): string {
  return `Page Not Found ${pathname}`;
}

/** The name of the first parameter that is no id of ours, or null when all are. */
export function invalidRouteParam(params: Readonly<Record<string, string | undefined>>): string | null {
  for (const [name, value] of Object.entries(params)) {
    // `*` is the catch-all's rest of the path: the 404 route itself
    if (name === '*') continue;
    if (value === undefined || !ROUTE_PARAM.test(value)) return name;
  }
  return null;
}
