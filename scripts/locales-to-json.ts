// Turns the web app's TypeScript locale tables (apps/web/src/features/i18n/locales/**.ts, the
// form they had before the texts moved to JSON) into the i18next JSON namespaces of
// packages/locales/<locale>/<namespace>.json, then removes the tables. It evaluates each table
// module and writes what it exports, so nothing is typed by hand.
//
// Run it when a branch brings texts in the old tables (bring those tables back first, e.g.
// `git checkout <branch> -- apps/web/src/features/i18n/locales`):
//     npx tsx scripts/locales-to-json.ts
// It overwrites the web namespaces' JSON files with what the tables hold, so the tables must hold
// every text (the texts already in JSON are not merged in); the server's namespaces are left alone.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as prettier from 'prettier';

const root = path.resolve(import.meta.dirname, '..');
const tables = path.join(root, 'apps/web/src/features/i18n/locales');
const target = path.join(root, 'packages/locales');
const LOCALES = ['en-gb', 'de-ch', 'fr-ch', 'it'];
/** i18next namespace → the table file of a locale, relative to the tables folder. */
const NAMESPACES: Record<string, (locale: string) => string> = {
  translation: (locale) => `${locale}.ts`,
  ...Object.fromEntries(
    ['send', 'sign', 'profile', 'ident', 'business', 'billing', 'verify'].map((area) => [
      area,
      (locale: string) => `${area}/${locale}.ts`,
    ]),
  ),
};

if (!fs.existsSync(tables)) {
  console.error(`No locale tables at ${path.relative(root, tables)}: nothing to convert.`);
  process.exit(1);
}

for (const locale of LOCALES) {
  for (const [namespace, fileOf] of Object.entries(NAMESPACES)) {
    const module = (await import(pathToFileURL(path.join(tables, fileOf(locale))).href)) as Record<
      string,
      unknown
    >;
    const exported = Object.values(module).filter((value) => typeof value === 'object' && value !== null);
    if (exported.length !== 1) throw new Error(`${fileOf(locale)} should export one table`);
    const file = path.join(target, locale, `${namespace}.json`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const options = (await prettier.resolveConfig(file)) ?? {};
    fs.writeFileSync(
      file,
      await prettier.format(JSON.stringify(exported[0]), { ...options, filepath: file }),
    );
    console.log(`wrote ${path.relative(root, file)}`);
  }
}
fs.rmSync(tables, { recursive: true });
console.log(`removed ${path.relative(root, tables)}`);
