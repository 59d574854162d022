// ESLint for the web app: JavaScript's and typescript-eslint's recommended
// rules, and React's rules of hooks (`just ready` runs it; CI fails on any finding).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist/', 'src/lib/schema.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  // The end-to-end tests run in Node and hand functions to the page.
  { files: ['e2e/**/*.mjs', 'bench/**/*.mjs', 'public/**/*.js'], languageOptions: { globals: { ...globals.node, ...globals.browser } } },
  { files: ['public/sw.js'], languageOptions: { globals: globals.serviceworker } },
);
