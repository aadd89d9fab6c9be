// Matching a browser path against the route table and deciding whether the current role may
// open it (spec 2, "Route rules"). The web router's guards and the server's SPA fallback use it.
import { isLoggedIn, listIncludedRoles } from './roles.js';
import type { Role } from './roles.js';
import { LOGIN_PATH, ROUTES } from './routes.js';
import type { RouteDefinition } from './routes.js';

/**
 * Spec 2: strict routes admit exactly the listed roles; the others admit any role that
 * includes a listed one under the hierarchy (an admin opens user routes, a member too).
 */
export function canAccessRoute(role: Role, route: Pick<RouteDefinition, 'roles' | 'strict'>): boolean {
  if (route.strict) return route.roles.includes(role);
  return listIncludedRoles(role).some((included) => route.roles.includes(included));
}

export type AccessFailure = 'not-found' | 'login';

/**
 * Spec 2: failing access, logged-in users (user, member, admin, nas) go to the 404 page; others
 * have the target stored and go to /login.
 */
export function resolveAccessFailure(role: Role): AccessFailure {
  return isLoggedIn(role) ? 'not-found' : 'login';
}

function findCatchAll(routes: readonly RouteDefinition[]): RouteDefinition {
  const catchAll = routes.find((route) => route.path === '*');
  if (!catchAll) throw new Error('The route table has no catch-all route');
  return catchAll;
}

export interface RouteMatch {
  route: RouteDefinition;
  params: Record<string, string>;
}

// Ranking close to React Router's: a static segment beats a parameter, so
// /direct-sign/identification/eidas/self wins over /direct-sign/identification/:id/:userid.
const STATIC_SCORE = 10;
const PARAM_SCORE = 3;

function splitPath(path: string): string[] {
  return path.split('/').filter((segment) => segment.length > 0);
}

function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

function scoreMatch(pattern: string[], segments: string[], params: Record<string, string>): number | null {
  if (pattern.length !== segments.length) return null;
  let score = 0;
  for (const [index, part] of pattern.entries()) {
    const segment = segments[index] ?? '';
    if (part.startsWith(':')) {
      const value = decodeSegment(segment);
      if (value === null) return null;
      params[part.slice(1)] = value;
      score += PARAM_SCORE;
    } else if (part.toLowerCase() === segment.toLowerCase()) {
      // React Router matches static segments case-insensitively by default; we follow it.
      score += STATIC_SCORE;
    } else {
      return null;
    }
  }
  return score;
}

/**
 * The route a pathname shows, with its decoded parameters. Query string and hash are ignored;
 * anything unknown matches the 404 catch-all.
 */
export function matchRoute(pathname: string, routes: readonly RouteDefinition[] = ROUTES): RouteMatch {
  const bare = pathname.split(/[?#]/, 1)[0] ?? '';
  const segments = splitPath(bare);
  let best: (RouteMatch & { score: number }) | null = null;
  for (const route of routes) {
    if (route.path === '*') continue;
    const params: Record<string, string> = {};
    const score = scoreMatch(splitPath(route.path), segments, params);
    if (score !== null && (best === null || score > best.score)) best = { route, params, score };
  }
  if (best) return { route: best.route, params: best.params };
  return { route: findCatchAll(routes), params: {} };
}

export type NavigationDecision =
  | { kind: 'show'; route: RouteDefinition; params: Record<string, string> }
  | { kind: 'redirect'; to: string }
  | { kind: 'not-found'; route: RouteDefinition }
  | { kind: 'login'; target: string; to: string };

/**
 * One decision for a navigation: forward routes that only redirect, show the page when the
 * role may open it, otherwise apply the access-failure rule. `target` is what the login page
 * should return to (path with its query).
 */
export function decideNavigation(role: Role, location: string): NavigationDecision {
  const { route, params } = matchRoute(location);
  if (route.redirectTo) return { kind: 'redirect', to: route.redirectTo };
  if (canAccessRoute(role, route)) return { kind: 'show', route, params };
  if (resolveAccessFailure(role) === 'login') return { kind: 'login', target: location, to: LOGIN_PATH };
  return { kind: 'not-found', route: findCatchAll(ROUTES) };
}
