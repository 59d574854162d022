// ESLint for the web app: JavaScript's and typescript-eslint's recommended
// rules, React's rules of hooks, and the app's layers (`just checks` runs it; CI fails on any finding).
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import formatjs from 'eslint-plugin-formatjs';

// The layers of src/: app/ (the shell and the route table) composes the features; each folder of features/ is one
// page area and imports only the shared code (api/, components/, hooks/, lib/, and test/ in tests), never another
// feature nor app/; the shared code imports no feature and not app/. Every folder under src/features is a feature,
// so a new one is covered as it is made.
const FEATURES = readdirSync(join(import.meta.dirname, 'src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const SHARED = ['./src/api', './src/components', './src/hooks', './src/lib', './src/test'];
const LAYERS = [
  ...FEATURES.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`],
    message: 'A feature imports only shared code (api/, components/, hooks/, lib/): move what two features share there, or let app/ compose them.',
  })),
  {
    target: './src/features',
    from: './src/app',
    message: 'A feature does not import the app shell: app/ composes the features, not the other way round.',
  },
  {
    target: SHARED,
    from: ['./src/features', './src/app'],
    message: 'Shared code imports no feature and not the app shell.',
  },
];

// The shopper's pages, in English and Hindi: every text a shopper reads comes from the catalogues
// (src/lib/i18n/*.json), so a literal text in their JSX (children, aria-*, title, placeholder, alt, label) fails.
// A page joins this list when it is translated (docs/languages.md).
const TRANSLATED = [
  'src/app/Navbar.tsx',
  'src/app/Footer.tsx',
  'src/components/LanguageSwitch.tsx',
  'src/features/studio/**/*.tsx',
  'src/components/three/**/*.tsx',
  'src/components/DesignTypeDialog.tsx',
  'src/features/orders/**/*.tsx',
  'src/components/order/**/*.tsx',
  'src/components/roster/RosterEditor.tsx',
  'src/features/groups/**/*.tsx',
  'src/features/auth/**/*.tsx',
  'src/features/account/**/*.tsx',
  'src/features/designs/**/*.tsx',
  'src/features/quotes/**/*.tsx',
  'src/features/ticketLookup/**/*.tsx',
  'src/features/newsletter/**/*.tsx',
  'src/features/cart/**/*.tsx',
  'src/features/checkout/**/*.tsx',
  'src/features/product/**/*.tsx',
  'src/features/catalog/**/*.tsx',
  'src/features/home/**/*.tsx',
  'src/components/ProductCard.tsx',
  'src/components/Banners.tsx',
  'src/components/ConfirmDialog.tsx',
  'src/components/Dialog.tsx',
  'src/components/Spinner.tsx',
  'src/components/RadioGroup.tsx',
  'src/components/LookupForm.tsx',
  'src/components/DesignDetails.tsx',
  'src/features/track/**/*.tsx',
  'src/features/policies/**/*.tsx',
  'src/features/sharedDesign/**/*.tsx',
  'src/app/NotFoundPage.tsx',
  'src/app/NewsletterBox.tsx',
  'src/components/address/*.tsx',
  'src/components/TestPaymentDialog.tsx',
  'src/components/SizeSteppers.tsx',
  'src/components/SizeChart.tsx',
  'src/components/PrintQuality.tsx',
  'src/components/DesignThumbnails.tsx',
  'src/components/roster/RosterSummary.tsx',
  'src/components/roster/PersonalisationCharge.tsx',
];

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
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // The app's own files are TypeScript: parsed (for no-cycle) with typescript-eslint's parser, found by Node's rules.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: LAYERS }],
      // No circle of imports between the app's own files (packages aside).
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: TRANSLATED,
    ignores: ['**/*.test.{ts,tsx}'],
    plugins: { formatjs },
    rules: { 'formatjs/no-literal-string-in-jsx': ['error', { props: { include: [['*', '{label,placeholder,title,alt}']] } }] },
  },
  // The end-to-end tests run in Node and hand functions to the page.
  { files: ['e2e/**/*.mjs', 'bench/**/*.mjs', 'public/**/*.js'], languageOptions: { globals: { ...globals.node, ...globals.browser } } },
  { files: ['public/sw.js'], languageOptions: { globals: globals.serviceworker } },
);
