// A namespace's texts by dotted key (`send.heading`), and the {{placeholders}} of a text: what the
// completeness tests compare between locales.
export type TextTree = { readonly [key: string]: string | TextTree };

export function flattenTexts(tree: TextTree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const dotted = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(dotted, value);
    else for (const [inner, text] of flattenTexts(value, dotted)) out.set(inner, text);
  }
  return out;
}

export const placeholdersOf = (text: string): string[] =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1] ?? '').sort();
