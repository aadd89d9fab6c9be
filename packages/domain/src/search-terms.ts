/**
 * Dashboard search matches words by their beginning: a request is found when every word of the
 * query starts some word of its title or of its parties' names and e-mail addresses ("mül"
 * finds "Müller", "anna@firm.ch" finds anna@firm.ch). Words are lower-cased, stripped of accents
 * and split at anything that is not a letter or a digit, both when a request is indexed and when
 * a query is read, so the two always agree. Word-prefix matching can use an ordinary B-tree
 * index on both databases, which substring search cannot.
 */
const MAX_TERM_LENGTH = 64;

export function searchTerms(...texts: (string | null | undefined)[]): string[] {
  const terms = new Set<string>();
  for (const text of texts) {
    if (!text) continue;
    const plain = text
      .normalize('NFKD')
      .replace(/\p{M}+/gu, '')
      .toLowerCase();
    for (const word of plain.split(/[^\p{L}\p{N}]+/u)) {
      if (word) terms.add([...word].slice(0, MAX_TERM_LENGTH).join(''));
    }
  }
  return [...terms];
}

/**
 * The smallest string greater than every string that starts with `prefix`, in code-point order
 * (which is byte order of UTF-8, the order of SQLite's BINARY and PostgreSQL's "C" collation):
 * `term >= prefix and term < prefixUpperBound(prefix)` is a prefix match an index can serve.
 */
export function prefixUpperBound(prefix: string): string {
  const points = [...prefix];
  const last = points.pop();
  if (last === undefined) throw new RangeError('an empty prefix has no upper bound');
  return points.join('') + String.fromCodePoint((last.codePointAt(0) ?? 0) + 1);
}
