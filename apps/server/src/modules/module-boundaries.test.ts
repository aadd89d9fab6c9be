// The lint rules that hold the modules' boundaries (ADR 068), run through ESLint's Node API: a
// module importing another's repository fails, importing its façade passes, and an import cycle
// fails. The façade checks run the repository's own eslint.config.js on sources placed in the real
// tree; the cycle needs files on disk on both ends, so it runs the same rules over a small tree of
// its own.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ESLint, type Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const BOUNDARIES = 'import-x/no-restricted-paths';
const CYCLE = 'import-x/no-cycle';

/** The rule ids of what lint reports on `code` as if it were the file at `filePath`. */
async function reportedRules(eslint: ESLint, code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

describe('module boundaries in the repository lint configuration', () => {
  const eslint = new ESLint({ cwd: repoRoot });
  const inSeals = path.join(repoRoot, 'apps/server/src/modules/seals/boundary-probe.ts');

  it("refuses a module importing another module's repository", async () => {
    const code =
      "import { createBusinessRepo } from '../businesses/repo.js';\nexport const r = createBusinessRepo;\n";
    expect(await reportedRules(eslint, code, inSeals)).toContain(BOUNDARIES);
  });

  it("refuses a module importing another module's tables or any other inner file", async () => {
    const tables =
      "import type { BusinessTables } from '../businesses/tables.js';\nexport type T = BusinessTables;\n";
    expect(await reportedRules(eslint, tables, inSeals)).toContain(BOUNDARIES);
    const policy =
      "import { authorizeBusiness } from '../businesses/policy.js';\nexport const a = authorizeBusiness;\n";
    expect(await reportedRules(eslint, policy, inSeals)).toContain(BOUNDARIES);
  });

  it("lets a module import another module's façade, and its own files", async () => {
    const code =
      "import { authorizeBusiness } from '../businesses/index.js';\n" +
      "import { createSealsRepo } from './repo.js';\n" +
      'export const both = [authorizeBusiness, createSealsRepo];\n';
    expect(await reportedRules(eslint, code, inSeals)).toEqual([]);
  });

  it('runs the cycle rule on every server file', async () => {
    const config = (await eslint.calculateConfigForFile(path.join(repoRoot, 'apps/server/src/app.ts'))) as {
      rules: Record<string, unknown[]>;
    };
    expect(config.rules[CYCLE]?.[0]).toBe(2); // error
  });
});

describe('import cycles', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'module-boundaries-'));
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  };
  const modules = 'apps/server/src/modules';
  // two modules that reach each other only through their façades, which still makes a cycle
  write(`${modules}/alpha/index.ts`, "export { alpha } from './alpha.js';\n");
  write(
    `${modules}/alpha/alpha.ts`,
    "import { beta } from '../beta/index.js';\nexport const alpha = () => beta();\n",
  );
  write(`${modules}/beta/index.ts`, "export { beta } from './beta.js';\n");
  write(
    `${modules}/beta/beta.ts`,
    "import { alpha } from '../alpha/index.js';\nexport const beta = () => alpha;\n",
  );
  // a module that only uses another, and a type-only import back, which is erased and no cycle
  write(`${modules}/gamma/index.ts`, "export { gamma, type Gamma } from './gamma.js';\n");
  write(
    `${modules}/gamma/gamma.ts`,
    "import type { Delta } from '../delta/index.js';\nexport type Gamma = { d?: Delta };\nexport const gamma = () => 1;\n",
  );
  write(`${modules}/delta/index.ts`, "export { delta, type Delta } from './delta.js';\n");
  write(
    `${modules}/delta/delta.ts`,
    "import { gamma } from '../gamma/index.js';\nexport type Delta = number;\nexport const delta = () => gamma();\n",
  );

  async function lintFixture(file: string) {
    const url = pathToFileURL(path.join(repoRoot, 'eslint/module-boundaries.js')).href;
    const { serverModuleBoundaries } = (await import(url)) as {
      serverModuleBoundaries: (root: string) => Linter.Config[];
    };
    const eslint = new ESLint({
      cwd: root,
      overrideConfigFile: true,
      overrideConfig: [
        { files: ['**/*.ts'], languageOptions: { parser: tseslint.parser } },
        ...serverModuleBoundaries(root),
      ],
    });
    const [result] = await eslint.lintFiles([path.join(root, file)]);
    return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
  }

  it('refuses two modules that import each other, even through their façades', async () => {
    expect(await lintFixture(`${modules}/alpha/alpha.ts`)).toContain(CYCLE);
  });

  it('passes a module that imports another whose import back is only of types', async () => {
    expect(await lintFixture(`${modules}/delta/delta.ts`)).toEqual([]);
    expect(await lintFixture(`${modules}/gamma/gamma.ts`)).toEqual([]);
  });
});
