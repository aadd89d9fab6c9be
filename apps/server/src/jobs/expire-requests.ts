// Runs request expiry (ADR 023, modules/signature-requests/expiry) in the background: once soon
// after start, then every `everyMs`. A deadline is honoured to within one interval; signing
// checks the deadline itself, so nobody signs late in between.
import type { RequestsDeps } from '../modules/signature-requests/deps.js';
import {
  runRequestExpiry,
  type ExpiryRunOptions,
} from '../modules/signature-requests/expiry/expire-requests.js';

export const REQUEST_EXPIRY_EVERY_MS = 60 * 1000;

/** Runs expiry every `everyMs` in this process until the returned stop function is called. */
export function scheduleRequestExpiry(
  deps: RequestsDeps,
  options: ExpiryRunOptions,
  log: { info(obj: unknown, msg: string): void; error(obj: unknown, msg: string): void },
  everyMs = REQUEST_EXPIRY_EVERY_MS,
): () => void {
  let running = false;
  const run = () => {
    // A slow run (many mails) must not overlap the next tick in the same process.
    if (running) return;
    running = true;
    runRequestExpiry(deps, options)
      .then((result) => {
        if (result.expired + result.reminded > 0) log.info(result, 'request expiry done');
      })
      .catch((err: unknown) => log.error({ err }, 'request expiry failed'))
      .finally(() => {
        running = false;
      });
  };
  const timer = setInterval(run, everyMs);
  timer.unref();
  setTimeout(run, 10_000).unref();
  return () => clearInterval(timer);
}
