import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Package directions (DESIGN.md section 2): web → domain; server → deck-engine → domain.
// Nothing imports from apps/. Inside the web app, a feature never imports another feature.
// Every feature folder, read from disk so a new feature is covered without editing this file.
const webFeatures = readdirSync(new URL('./apps/web/src/features', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// The server's infrastructure folders; every other folder of apps/server/src is a business module.
const serverInfrastructure = ['jobs', 'storage', 'mail', 'http', 'db'];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'apps/server/drizzle/**',
      // The benchmarks' inputs and builds (bench/run.ts writes them; gitignored).
      'bench/out/**',
      'apps/server/.test-build-*/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    languageOptions: { globals: { ...globals.node } },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ alwaysTryTypes: true })],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'import-x/no-cycle': 'error',
      'import-x/no-self-import': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './packages/domain',
              from: ['./packages/deck-engine', './apps'],
              message: 'packages/domain is pure and imports no other workspace.',
            },
            {
              target: './packages/deck-engine',
              from: ['./apps'],
              message: 'The deck engine knows nothing of HTTP, the database or the web app.',
            },
            // The importer reads DrawingML, the renderers write it: neither imports the other.
            // What both need is in ooxml/; what uses both (an import drawn) sits above them.
            {
              target: './packages/deck-engine/src/render',
              from: './packages/deck-engine/src/import',
              message: 'The renderers never import the importer: share DrawingML through ooxml/.',
            },
            {
              target: './packages/deck-engine/src/import',
              from: './packages/deck-engine/src/render',
              // The template's path format, which the importer cuts pictures to (until it moves
              // beside the model).
              except: ['./shape-path.ts'],
              message: 'The importer never imports the renderers: share DrawingML through ooxml/.',
            },
            {
              target: './apps/web',
              from: ['./apps/server', './packages/deck-engine'],
              message: 'The web app imports @deck-portal/domain only.',
            },
            {
              target: './apps/server',
              from: ['./apps/web'],
              message: 'The server never imports the web app.',
            },
            // The server's infrastructure serves its business modules (decks, library, auth...)
            // and knows none of them, nor the composition root that builds the app: a module
            // registers its job handler, type or page with it, or app.ts, build-services.ts and
            // server-jobs.ts wire them. It may use the other infrastructure, the clock and config.
            ...serverInfrastructure.map((folder) => ({
              target: `./apps/server/src/${folder}`,
              from: './apps/server/src',
              except: [
                ...serverInfrastructure.map((other) => `./${other}`),
                './clock.ts',
                './config.ts',
              ],
              message:
                'Server infrastructure (jobs, storage, mail, http, db) imports no business module and not the composition root: have the module register with it, or wire it in app.ts / build-services.ts / server-jobs.ts.',
            })),
            ...webFeatures.map((feature) => ({
              target: `./apps/web/src/features/${feature}`,
              from: './apps/web/src/features',
              except: [`./${feature}`],
              message:
                'A feature never imports another feature; lift shared code into ui/ or lib/.',
            })),
            {
              target: ['./apps/web/src/ui', './apps/web/src/lib'],
              from: ['./apps/web/src/features', './apps/web/src/app'],
              message: 'Shared widgets and helpers never import features or the app shell.',
            },
            {
              // The client's page (/v/{token}) is its own entry: nothing of the portal in it.
              target: [
                './apps/web/src/client-view-main.tsx',
                './apps/web/src/features/client-view',
              ],
              from: './apps/web/src/app',
              except: ['./theme.ts', './query-client.ts'],
              message:
                "The client's page loads only the theme and query defaults of the app shell.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  // The same directions for imports by package name.
  ...[
    ['packages/domain/**', ['@deck-portal/*']],
    ['packages/deck-engine/**', ['@deck-portal/server', '@deck-portal/web']],
    ['apps/web/**', ['@deck-portal/server', '@deck-portal/deck-engine']],
    ['apps/server/**', ['@deck-portal/web']],
  ].map(([files, group]) => ({
    files: [files],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group, message: 'This import breaks the package directions.' }] },
      ],
    },
  })),
  // The catalogue is data the server serves: no browser bundle carries a product or a price.
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/**/*.test.{ts,tsx}', 'apps/web/src/test/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@deck-portal/server', '@deck-portal/deck-engine'],
              message: 'This import breaks the package directions.',
            },
            {
              group: ['@deck-portal/domain/seed-price-book'],
              message: 'The web app reads the price book from GET /api/price-book only.',
            },
          ],
        },
      ],
    },
  },
  // A deck version is written in one place, which numbers it and points the deck at it.
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/decks/write-deck-version.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          "CallExpression[callee.property.name='insert'][arguments.0.name='deckVersions']",
          "CallExpression[callee.property.name='insert'][arguments.0.property.name='deckVersions']",
        ].map((selector) => ({
          selector,
          message: 'Write a deck version with writeDeckVersion (decks/write-deck-version.ts).',
        })),
      ],
    },
  },
  // A file a reader can hold: past 800 lines, split it by concern (a test file along its describe
  // blocks). The database schema is one list of tables, read as a whole.
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    ignores: ['apps/server/src/db/schema.ts'],
    rules: { 'max-lines': ['error', { max: 800 }] },
  },
);
