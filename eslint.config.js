import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// One lint setup for the monorepo; formatting is Prettier's job (.prettierrc.json).
export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'e2e/artifacts/**', 'bench/out/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  { files: ['**/*.{js,mjs}'], languageOptions: { globals: globals.node } },
  { files: ['**/*.cjs'], languageOptions: { sourceType: 'commonjs', globals: globals.node } },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // antd parts the web build leaves out (apps/web/vite.config.ts ANTD_UNUSED): they would throw in production.
      'no-restricted-syntax': [
        'error',
        ...[
          'filterDropdown',
          'onFilter',
          'filteredValue',
          'defaultFilteredValue',
          'filterMode',
          'filterSearch',
          'filterIcon',
          'filterMultiple',
        ].map((name) => ({
          selector: `Property[key.name='${name}']`,
          message: `A table column's ${name}: the web build has no antd column filters (vite.config.ts ANTD_UNUSED); filter above the table (components/filters.tsx).`,
        })),
        {
          selector: "Property[key.name='filters'] > ArrayExpression > ObjectExpression > Property[key.name='text']",
          message:
            "A table column's filters: the web build has no antd column filters (vite.config.ts ANTD_UNUSED); filter above the table (components/filters.tsx).",
        },
        {
          selector: "Property[key.name='checkStrictly']",
          message: 'The web build has no antd tree selection of table rows (vite.config.ts ANTD_UNUSED).',
        },
        {
          selector: "JSXAttribute[name.name='virtual']",
          message: 'The web build has no antd virtual tables or lists (vite.config.ts ANTD_UNUSED): page the rows.',
        },
        {
          selector: "JSXAttribute[name.name='tabList']",
          message: 'The web build has no antd Card tabs (vite.config.ts ANTD_UNUSED): put a Tabs inside the card.',
        },
      ],
    },
  },
  {
    // Heavy dependencies the server needs only for some requests are loaded with their first use
    // (`await import(...)`), not at start: together they were a quarter of a second start
    // (bench/RESULTS.md, "second start").
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts', 'apps/server/src/modules/iot/simulator/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['exceljs', 'pdfkit', 'sharp', 'bwip-js', 'bwip-js/node', 'nodemailer', 'xmlbuilder2', '@line/bot-sdk', 'mqtt'].map(
            (name) => ({
              name,
              allowTypeImports: true,
              message: `Load ${name} at its first use (\`await import('${name}')\`), not with the server's start (bench/RESULTS.md, "second start").`,
            }),
          ),
        },
      ],
    },
  },
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
);
