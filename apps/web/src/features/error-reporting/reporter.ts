// Reports errors no screen handled to the server's intake (POST /api/client-errors, ADR 091): a
// route that failed to draw, an uncaught exception, a rejected promise nobody awaited. A problem
// the server answered is not reported (the server logged it already), nor is the browser's
// own noise. Each page load reports a few distinct errors at most, so a loop of failures cannot
// flood the intake, and a report that cannot be sent is dropped without a word: reporting must
// never become an error of its own.
import { reportClientError, type ClientErrorKind } from '@countersign/contract';
import { isApiError } from '../../api/api-error.js';

export interface ErrorReporter {
  report(kind: ClientErrorKind, error: unknown): void;
}

export interface ErrorReporterOptions {
  fetch: typeof fetch;
  /** the page's path (no query string or fragment is sent: signing links carry their token there) */
  currentPath: () => string;
  /** the build that runs (`version+commit`), for matching a stack with its source maps */
  release?: string | undefined;
  maxPerPage?: number;
}

// Messages browsers raise about themselves, not about the app.
const browserNoise = [/^ResizeObserver loop/, /^Script error\.?$/];

function describe(error: unknown): { name?: string; message: string; stack?: string } | undefined {
  if (error instanceof Error)
    return {
      name: error.name,
      message: error.message || error.name,
      ...(error.stack && { stack: error.stack }),
    };
  if (typeof error === 'string' && error.trim()) return { message: error };
  if (error === undefined || error === null) return undefined;
  try {
    return { message: JSON.stringify(error) ?? String(error) };
  } catch {
    return { message: String(error) };
  }
}

export function createErrorReporter(options: ErrorReporterOptions): ErrorReporter {
  const maxPerPage = options.maxPerPage ?? 5;
  const seen = new Set<string>();
  return {
    report(kind, error) {
      if (isApiError(error)) return;
      const described = describe(error);
      if (!described || browserNoise.some((noise) => noise.test(described.message))) return;
      const key = `${kind}\n${described.name ?? ''}\n${described.message}`;
      if (seen.has(key) || seen.size >= maxPerPage) return;
      seen.add(key);
      const body = {
        kind,
        ...(described.name && { name: described.name.slice(0, 200) }),
        message: described.message.trim().slice(0, 2000) || 'Error',
        ...(described.stack && { stack: described.stack.slice(0, 16_000) }),
        path: options.currentPath().split(/[?#]/, 1)[0] || '/',
        ...(options.release && { release: options.release }),
      };
      options
        .fetch(reportClientError.path, {
          method: reportClientError.method,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
          // a report sent while the page unloads still leaves
          keepalive: true,
        })
        .catch(() => undefined);
    },
  };
}

/** Sends the window's uncaught exceptions and unhandled rejections to the reporter. */
export function reportUncaughtErrors(target: Window, reporter: ErrorReporter): void {
  target.addEventListener('error', (event) => reporter.report('error', event.error ?? event.message));
  target.addEventListener('unhandledrejection', (event) =>
    reporter.report('unhandled_rejection', event.reason),
  );
}
