import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Which workspace may import which (docs/architecture.md). Each name is forbidden with its subpaths, except
 * the listed entries: the engine takes the contract's plain constants, setting fields and stroke-edit rules, and the web app the engine's
 * browser-safe outline step.
 */
const escape = (text) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const restricted = (name, except) => {
  const allowed = except
    .filter((e) => e.startsWith(`${name}/`))
    .map((e) => escape(e.slice(name.length)));
  const subpath = allowed.length ? `(?!(${allowed.join('|')})$)/.*` : '/.*';
  return `^${escape(name)}(${subpath})?$`;
};
const forbid = (names, { except = [], typesOnly = [] } = {}) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: names.map((name) => ({
        regex: restricted(name, except),
        message: `This code may not import ${name}${except.length ? ` (only ${except.join(', ')})` : ''}.`,
      })),
      paths: typesOnly.map(({ name, message }) => ({ name, message, allowTypeImports: true })),
    },
  ],
});
/**
 * Web code takes the contract's values from src/lib/contract.ts, which sets zod's eval-free mode
 * before the first schema is built (the page's security policy forbids eval).
 */
const contractThroughWebModule = {
  name: '@rasma/contract',
  message: "Import the contract's values from '@/lib/contract' (types may come from here).",
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/.tsbuild/**',
      'data/**',
      '**/test-results/**',
      '**/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      // Fastify plugins are async functions whether or not they await anything.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['packages/engine/**'],
    rules: forbid(['@rasma/server', '@rasma/web', '@rasma/contract', 'drizzle-orm', 'fastify'], {
      except: [
        '@rasma/contract/audio',
        '@rasma/contract/constants',
        '@rasma/contract/exports',
        '@rasma/contract/stroke-edit-limits',
        '@rasma/contract/stroke-edits',
        '@rasma/contract/video-fields',
        '@rasma/contract/story',
        '@rasma/contract/story-limits',
      ],
    }),
  },
  {
    files: ['packages/contract/**'],
    rules: forbid(['@rasma/server', '@rasma/web', '@rasma/engine']),
  },
  {
    files: ['apps/web/**'],
    rules: forbid(['@rasma/server', '@rasma/engine'], {
      // The hand's SVG as text: the settings card previews the hand the video draws with.
      except: ['@rasma/engine/outline', '@rasma/engine/assets/hand.svg?raw'],
      typesOnly: [contractThroughWebModule],
    }),
  },
  {
    files: ['apps/web/src/lib/contract.ts'],
    rules: forbid(['@rasma/server', '@rasma/engine']),
  },
  {
    // Shared UI knows no feature: features compose components, never the other way round.
    files: ['apps/web/src/components/**'],
    rules: forbid(['@/features', '@rasma/server', '@rasma/engine'], {
      typesOnly: [contractThroughWebModule],
    }),
  },
  {
    // One home for SQL (docs/architecture.md): a module's queries.ts (or queries/ folder) runs its
    // statements; services and plugins call them by name. The database's own code, the CLIs and
    // tests are the only other places that build a query or name a table.
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      'apps/server/src/**/queries.ts',
      'apps/server/src/**/queries/*.ts',
      'apps/server/src/db/**',
      'apps/server/src/cli/**',
      'apps/server/src/**/*.test.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^drizzle-orm(/.*)?$',
              message: "SQL lives in the module's queries.ts: call a named function from there.",
            },
            {
              regex: '(^|/)db/schema(\\.js)?$',
              message:
                "Tables are named only in queries.ts: call a named function, or import the row's type from there.",
            },
          ],
        },
      ],
    },
  },
  {
    // One API file per feature: components, hooks and pages call the API through their feature's
    // features/<f>/api.ts (its queries, mutations and cache keys). The typed client, its query
    // helpers, the plain endpoints and the raw JSON fetch are imported there and in lib/ only.
    // (typescript-eslint's copy of the rule, so the web block's own no-restricted-imports stays.)
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/features/*/api.ts', 'apps/web/src/lib/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(@/|\\./|(\\.\\./)+)lib/(api-client|api-query|plain-endpoints)$',
              message: "Call the API through the feature's api.ts (features/<feature>/api.ts).",
            },
          ],
          paths: [
            {
              name: '@/lib/http',
              importNames: ['fetchJson'],
              message: "Call the API through the feature's api.ts (features/<feature>/api.ts).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: reactHooks.configs.recommended.rules,
  },
);
