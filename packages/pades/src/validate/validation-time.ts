// The date a caller asks a file to be judged at: `2036-06-01` (midnight UTC) or a full ISO 8601
// instant with its offset. One reading for the command line, the API and the browser.

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

/** The instant `text` names; null when it is not a date or an ISO 8601 instant with an offset. */
export function parseValidationTime(text: string): Date | null {
  if (!DATE_ONLY.test(text) && !INSTANT.test(text)) return null;
  const time = new Date(DATE_ONLY.test(text) ? `${text}T00:00:00Z` : text);
  if (Number.isNaN(time.getTime())) return null;
  // "2036-02-31" would roll over into March: refuse it rather than judge another day
  if (DATE_ONLY.test(text) && time.toISOString().slice(0, 10) !== text) return null;
  return time;
}
