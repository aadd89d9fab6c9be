// Lint configuration. Besides the usual TypeScript rules it enforces the layering of
// ARCHITECTURE.md: apps use packages, packages never use apps, domain and contract use nothing
// of ours, pdf and trust stay below pades.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { serverModuleBoundaries } from './eslint/module-boundaries.js';

const appImports = {
  group: [
    '@countersign/server',
    '@countersign/server/*',
    '@countersign/web',
    '@countersign/web/*',
    '**/apps/**',
  ],
  message: 'Packages never import an app (ARCHITECTURE.md: dependencies point one way).',
};
const ourPackages = {
  group: ['@countersign/*', '**/packages/**'],
  message: 'domain and contract depend on nothing of ours.',
};
const upperEngine = {
  group: ['@countersign/pades', '@countersign/pades/*', '@countersign/contract', '@countersign/domain'],
  message: 'pdf and trust sit below pades and know nothing of the product layers.',
};
// The combined object holds every schema of the API; importing it puts them all in the first
// load of the page (bench:web). Import the group the screen uses instead.
const combinedEndpoints = {
  name: '@countersign/contract',
  importNames: ['endpoints'],
  message: 'Import an endpoint group (accountEndpoints, signatureRequestEndpoints, ...).',
};
const serverFromWeb = {
  group: [
    '@countersign/server',
    '@countersign/server/*',
    '**/apps/server/**',
    '@countersign/pdf',
    '@countersign/trust',
    '@countersign/pades',
  ],
  message: 'The web app never imports server or engine code; it talks to the API.',
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'coverage/**',
      'test-results/**',
      'e2e/artifacts/**',
      'bench/.out/**',
      'test-fixtures/**',
      '.tmp/**',
      // written by a test (generated-client.test.ts) while lint may be running beside it
      'apps/server/generated-client/openapi.d.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      // features add their dialogs and overlays to the stores' maps by `interface ... extends` (ADR 103)
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
      'no-restricted-imports': [
        'error',
        {
          patterns: [serverFromWeb],
          paths: [combinedEndpoints],
        },
      ],
    },
  },
  {
    // The dialog and overlay stores, hosts and frames are infrastructure: features add their dialogs
    // to the typed maps and the app composes them (ADR 103), so nothing here reaches a feature.
    files: ['apps/web/src/features/dialogs/**/*.{ts,tsx}', 'apps/web/src/features/overlays/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            serverFromWeb,
            {
              group: [
                '../*/**',
                '!../../**',
                '!../dialogs/**',
                '!../overlays/**',
                '!../errors/**',
                '!../maintenance/**',
              ],
              message: 'Dialog and overlay infrastructure imports no feature; the feature registers into it.',
            },
          ],
          paths: [combinedEndpoints],
        },
      ],
    },
  },
  {
    files: ['packages/domain/**/*.ts', 'packages/contract/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [ourPackages, appImports] }] },
  },
  {
    files: ['packages/locales/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [appImports] }] },
  },
  {
    files: ['packages/pdf/**/*.ts', 'packages/trust/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            appImports,
            upperEngine,
            {
              group: ['@countersign/pdf', '@countersign/trust'],
              message: 'pdf and trust are independent of each other.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/pades/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            appImports,
            {
              group: ['@countersign/contract', '@countersign/domain'],
              message: 'The engine knows nothing of the product layers.',
            },
          ],
        },
      ],
    },
  },
  // each server module reaches another only through its façade, and no import cycles (ADR 068)
  ...serverModuleBoundaries(import.meta.dirname),
);
