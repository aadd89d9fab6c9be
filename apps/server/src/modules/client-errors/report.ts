// The intake of the web app's error reports: counted per IP before anything else, cleaned of
// whatever could carry a secret (signing links hold their token in the query string, some pages a
// code in the fragment), written to the log, and handed to the forwarder when one is configured.
// A forwarder that fails or is slow never fails the report: the log line is the record.
import type { ClientErrorKind } from '@countersign/contract';
import type { Throttle } from '../accounts/index.js';

export interface ClientErrorReport {
  kind: ClientErrorKind;
  name?: string | undefined;
  message: string;
  stack?: string | undefined;
  path: string;
  release?: string | undefined;
}

export interface ClientErrorLog {
  warn(object: Record<string, unknown>, message: string): void;
}

export interface ClientErrorDeps {
  throttle: Pick<Throttle, 'hit'>;
  log: ClientErrorLog;
  reportsPerIpMinute: number;
  /** sends a cleaned report on (Sentry's envelope endpoint); absent when no DSN is configured */
  forward?:
    ((report: ClientErrorReport, context: { userAgent: string | undefined }) => Promise<void>) | undefined;
}

/** The rule each IP's reports are counted under (its limit comes from the configuration). */
export const REPORTS_PER_IP = { name: 'client-errors-ip', windowSeconds: 60 } as const;

// An address's query string or fragment, wherever it stands in free text: a path or a full URL
// followed by ? or # and everything up to the next blank, quote or closing bracket.
const queryOrFragment = /((?:\bhttps?:\/\/[^\s?#'"()<>]*)|(?:\/[^\s?#'"()<>]*))[?#][^\s'"()<>]*/g;
// Long unbroken runs of token alphabet (our link and session tokens are 32+ random bytes).
const tokenLike = /\b[A-Za-z0-9_-]{40,}\b/g;

/** Free text without the query strings, fragments and token-like strings it carried. */
export function scrub(text: string): string {
  return text.replace(queryOrFragment, '$1').replace(tokenLike, '[redacted]');
}

export function cleanReport(report: ClientErrorReport): ClientErrorReport {
  return {
    kind: report.kind,
    name: report.name,
    message: scrub(report.message),
    stack: report.stack === undefined ? undefined : scrub(report.stack),
    path: scrub(report.path.split(/[?#]/, 1)[0]!),
    release: report.release,
  };
}

export async function reportClientError(
  deps: ClientErrorDeps,
  input: { report: ClientErrorReport; ip: string; userAgent: string | undefined },
): Promise<void> {
  await deps.throttle.hit({ ...REPORTS_PER_IP, limit: deps.reportsPerIpMinute }, input.ip);
  const report = cleanReport(input.report);
  deps.log.warn({ clientError: report, userAgent: input.userAgent }, 'the web app reported an error');
  if (!deps.forward) return;
  // not awaited by the caller's answer: the browser has nothing to do with the forwarder's fate
  deps
    .forward(report, { userAgent: input.userAgent })
    .catch((error: unknown) =>
      deps.log.warn(
        { err: error instanceof Error ? { name: error.name, message: error.message } : String(error) },
        'an error report could not be forwarded to Sentry',
      ),
    );
}
