// The server's module boundaries (ADR 068), as lint rules: a module of apps/server/src/modules
// reaches another only through that module's façade, its index.ts, and no file of the server
// takes part in an import cycle. Kept apart from eslint.config.js so that the test of these rules
// (module-boundaries.test.ts) builds the same rules over a tree of its own.
import fs from 'node:fs';
import path from 'node:path';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';

export const MODULES_DIR = 'apps/server/src/modules';
const SERVER_FILES = 'apps/server/src/**/*.ts';

/** The module folders under `root`'s modules directory. */
function listModules(root) {
  const dir = path.join(root, MODULES_DIR);
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

/**
 * Flat-config objects for the server under `root` (the repository, or a test's own tree): one
 * zone per module that lets it import its own files and other modules' façades, and nothing else
 * of theirs; and no-cycle over every server file. Type-only imports are erased at build time and
 * form no cycle, so no-cycle passes them; the zones hold them too.
 */
export function serverModuleBoundaries(root) {
  const modulesAbs = path.join(root, MODULES_DIR);
  const zones = listModules(root).map((name) => ({
    target: `${modulesAbs}/${name}/**`,
    from: `${modulesAbs}/*/**`,
    except: [`${modulesAbs}/${name}/**`, `${modulesAbs}/*/index.ts`],
    message: `A module imports another module only through its façade (modules/<name>/index.ts); see ADR 068.`,
  }));
  return [
    {
      files: [SERVER_FILES],
      plugins: { 'import-x': importX },
      settings: {
        'import-x/extensions': ['.ts', '.js', '.mjs'],
        'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
        // sources import each other as .js (ESM), and the files are .ts
        'import-x/resolver-next': [
          createNodeResolver({
            extensions: ['.ts', '.js', '.mjs', '.json'],
            extensionAlias: { '.js': ['.ts', '.js'] },
          }),
        ],
      },
      rules: {
        'import-x/no-cycle': ['error', { ignoreExternal: true }],
      },
    },
    {
      files: [`${MODULES_DIR}/**/*.ts`],
      plugins: { 'import-x': importX },
      rules: { 'import-x/no-restricted-paths': ['error', { zones }] },
    },
  ];
}
