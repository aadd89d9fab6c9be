// Business constants and limits of spec section 9 that the UI and the server share.

/** Spec 9: theme, light by default. */
export const DEFAULT_THEME = 'light';

export const THEME_COLORS = {
  primary: '#006FE6',
  accent: '#006FE6',
  error: '#E50040',
  success: '#00A671',
  warning: '#FF7803',
  brand: '#FF531A',
} as const;

/** Spec 9: signature level colours (simple, advanced, qualified, part 11). */
export const SIGNATURE_LEVEL_COLORS = {
  simple: '#20ABFD',
  advanced: '#006FE6',
  qualified: '#00A671',
  part11: '#8120FD',
} as const;

/** Spec 9: app theme breakpoints in px; "mobile" is anything below lg. */
export const BREAKPOINTS = { sm: 600, md: 960, lg: 1280, xl: 1920, xxl: 2560 } as const;
export const MOBILE_BELOW = BREAKPOINTS.lg;

/** Whether a viewport width counts as mobile (spec 9: below lg). */
export function isMobileWidth(widthPx: number): boolean {
  return widthPx < MOBILE_BELOW;
}

/** Spec 9: breakpoints of the component library, in px. */
export const COMPONENT_BREAKPOINTS = { xs: 320, sm: 640, md: 768, lg: 1024, xl: 1280, xxl: 1536 } as const;

/** Spec 9 and 4: snackbars close after 3 s by default; -1 never closes; a 50 px swipe dismisses. */
export const SNACKBAR_DEFAULT_MS = 3000;
export const SNACKBAR_NEVER_CLOSE = -1;
export const SWIPE_DISMISS_PX = 50;

/** Spec 9: gestures. A swipe covers at least 50 px at 0.5 px/ms or faster, within 250 ms; a tap
 * moves at most 3 px; a press held 180 ms without moving is a hold. */
export const GESTURE = {
  swipeVelocityPxPerMs: 0.5,
  swipeDistancePx: 50,
  swipeDurationMs: 250,
  tapSlopPx: 3,
  holdMs: 180,
} as const;

export const TOOLTIP_OPEN_DELAY_MS = 150;
export const MENU_CLOSE_DELAY_MS = 5;
export const DIALOG_Z_INDEX = 2000;
export const OVERLAY_SCRIM_Z_INDEX = 1900;
export const TOOLBAR_HEIGHT_PX = 64;
export const TOOLBAR_EXTENSION_PX = 48;
export const APP_BAR_SCROLL_THRESHOLD_PX = 300;

/** Spec 9: document page fetch retries up to 10 times, backoff 100 ms doubling, capped at 5 s. */
export const PAGE_FETCH_RETRY = { retries: 10, baseMs: 100, capMs: 5000 } as const;

/** The wait before retry number `attempt` (1-based) of a page fetch. */
export function pageFetchBackoffMs(attempt: number): number {
  const exponent = Math.max(0, Math.floor(attempt) - 1);
  return Math.min(PAGE_FETCH_RETRY.capMs, PAGE_FETCH_RETRY.baseMs * 2 ** exponent);
}

export const DEFAULT_PAGE_SCALE = 100;
export const RELOAD_GUARD_WINDOW_MS = 10_000;

/** Spec 9: maintenance status polled every 60 s when logged in; server time refresh at most every 2 s. */
export const MAINTENANCE_POLL_MS = 60_000;
export const SERVER_TIME_THROTTLE_MS = 2000;
/** Spec 4 and 9: direct-sign signature state polled every 5 s while OPEN. */
export const DIRECT_SIGN_POLL_MS = 5000;
export const DIRECT_SIGN_OPEN_STATE = 'OPEN';
/** Spec 8: a failing status-page fetch is logged once it has failed more than this many times. */
export const STATUS_PAGE_FAILURES_BEFORE_LOG = 5;

/** Spec 4 and 9: session tokens last 24 hours. */
export const SESSION_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;

/** Spec 9: saved dashboard view cookies last 365 days, SameSite strict. */
export const DASHBOARD_VIEW_COOKIE_DAYS = 365;
export const DASHBOARD_VIEW_COOKIE_SAME_SITE = 'Strict';

/** Spec 3 and 9: visual signature default preview size. */
export const VISUAL_SIGNATURE_DEFAULT_SIZE = { width: 300, height: 140 } as const;

/** Spec 9: image placeholders. */
export const IMAGE_PLACEHOLDER = { width: 10, height: 10, quality: 50, blur: 3 } as const;
/** Spec 4: without WebP support images are decoded one at a time after this delay. */
export const WEBP_FALLBACK_DELAY_MS = 1000;

export const BUTTON_SIZES = ['sm', 'md', 'lg', 'xl'] as const;
export const BUTTON_TYPES = ['primary', 'secondary', 'text'] as const;

/** Spec 2: local storage entry that hides the 'Test System' overlay on non-production systems. */
export const HIDE_STAGING_ALERT_KEY = 'hide-staging-alert';
