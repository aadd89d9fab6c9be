// Every namespace of every locale has exactly the keys of British English, no empty text, and the
// same {{placeholders}}: a text missing in one language fails here, for the web app's namespaces
// and the server's alike.
import fs from 'node:fs';
import path from 'node:path';
import { LOCALES } from '@countersign/domain';
import { describe, expect, it } from 'vitest';
import { flattenTexts, placeholdersOf, type TextTree } from './flatten.js';

const root = path.resolve(import.meta.dirname, '..');
const namespacesOf = (locale: string) =>
  fs
    .readdirSync(path.join(root, locale))
    .filter((name) => name.endsWith('.json'))
    .map((name) => name.slice(0, -'.json'.length))
    .sort();
const read = (locale: string, namespace: string) =>
  flattenTexts(JSON.parse(fs.readFileSync(path.join(root, locale, `${namespace}.json`), 'utf8')) as TextTree);

const referenceNamespaces = namespacesOf('en-gb');

describe.each(LOCALES)('locale %s', (locale) => {
  it('has the namespaces of en-gb', () => {
    expect(referenceNamespaces.length).toBeGreaterThan(0);
    expect(namespacesOf(locale)).toEqual(referenceNamespaces);
  });

  it.each(referenceNamespaces)('namespace %s has every key of en-gb, no others, none empty', (namespace) => {
    const reference = read('en-gb', namespace);
    const texts = read(locale, namespace);
    expect([...reference.keys()].filter((key) => !texts.has(key))).toEqual([]);
    expect([...texts.keys()].filter((key) => !reference.has(key))).toEqual([]);
    for (const [key, text] of texts) {
      expect(text.trim(), key).not.toBe('');
      expect(placeholdersOf(text), key).toEqual(placeholdersOf(reference.get(key) ?? ''));
    }
  });
});

it('holds no folder beyond the four locales', () => {
  const folders = fs
    .readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !['src', 'node_modules'].includes(entry.name))
    .map((entry) => entry.name)
    .sort();
  expect(folders).toEqual([...LOCALES].sort());
});
