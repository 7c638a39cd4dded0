import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'coverage/**',
      '**/*.d.ts',
      // Copied to the site as it is (the service worker runs in the browser's worker scope).
      'apps/web/public/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: {
        projectService: { allowDefaultProject: ['*.js', '*.ts', '*.cjs', 'e2e/*.js', 'bench/*.js'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    plugins: { 'import-x': importX },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // ignoreExternal: resolving packages like vite through their native addons crashes the rule.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    settings: {
      // As Vite resolves them (`.tsx`, the `@/` alias): without it the zones below see nothing.
      'import-x/resolver-next': [
        importX.createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.json'],
          conditionNames: ['source', 'import', 'default'],
          tsconfig: { configFile: `${import.meta.dirname}/apps/web/tsconfig.json` },
        }),
      ],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Features never import each other: shared → features → app (bulletproof-react).
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './apps/web/src/features/markets',
              from: './apps/web/src/features',
              except: ['./markets'],
            },
            { target: './apps/web/src/features/auth', from: './apps/web/src/features', except: ['./auth'] },
            { target: './apps/web/src/features/trade', from: './apps/web/src/features', except: ['./trade'] },
            {
              target: './apps/web/src/features/orders',
              from: './apps/web/src/features',
              except: ['./orders'],
            },
            {
              target: './apps/web/src/features/account',
              from: './apps/web/src/features',
              except: ['./account'],
            },
            {
              target: './apps/web/src/features/companies',
              from: './apps/web/src/features',
              except: ['./companies'],
            },
            { target: './apps/web/src/features/funds', from: './apps/web/src/features', except: ['./funds'] },
            {
              target: './apps/web/src/features/identity',
              from: './apps/web/src/features',
              except: ['./identity'],
            },
            {
              target: './apps/web/src/features/invite',
              from: './apps/web/src/features',
              except: ['./invite'],
            },
            { target: './apps/web/src/features/news', from: './apps/web/src/features', except: ['./news'] },
            {
              target: './apps/web/src/features/ranking',
              from: './apps/web/src/features',
              except: ['./ranking'],
            },
            {
              target: './apps/web/src/features/support',
              from: './apps/web/src/features',
              except: ['./support'],
            },
            {
              target: './apps/web/src/features/feedback',
              from: './apps/web/src/features',
              except: ['./feedback'],
            },
            {
              target: './apps/web/src/features/alerts',
              from: './apps/web/src/features',
              except: ['./alerts'],
            },
            {
              target: './apps/web/src/features/inbox',
              from: './apps/web/src/features',
              except: ['./inbox'],
            },
            {
              target: './apps/web/src/features/passkeys',
              from: './apps/web/src/features',
              except: ['./passkeys'],
            },
            {
              target: './apps/web/src/features/preferences',
              from: './apps/web/src/features',
              except: ['./preferences'],
            },
            { target: './apps/web/src/features', from: './apps/web/src/app' },
            {
              target: ['./apps/web/src/lib', './apps/web/src/components', './apps/web/src/config'],
              from: ['./apps/web/src/features', './apps/web/src/app'],
            },
          ],
        },
      ],
    },
  },
  {
    // The back office (apps/admin): a browser app with React hooks, like the traders' app.
    files: ['apps/admin/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    settings: {
      // TypeScript files and the `@/` alias resolve as Vite resolves them: without this the
      // import rules below could not tell where an import leads, and would say nothing.
      'import-x/resolver-next': [
        importX.createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.json'],
          conditionNames: ['source', 'import', 'default'],
          tsconfig: { configFile: `${import.meta.dirname}/apps/admin/tsconfig.json` },
        }),
      ],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Same layers as the traders' app: lib and components → features → app; a screen
      // never reaches into another screen's folder (what two screens share lives in
      // components/ or lib/).
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            // One folder per screen (apps/admin/src/features/*): a new screen is added here.
            ...[
              'account',
              'announcement',
              'audit',
              'auth',
              'books',
              'channels',
              'dashboard',
              'deposits',
              'desk',
              'executions',
              'feedback',
              'feeds',
              'history',
              'identity',
              'instruments',
              'news',
              'operators',
              'outbox',
              'reports',
              'settings',
              'traders',
              'users',
              'withdrawals',
            ].map((feature) => ({
              target: `./apps/admin/src/features/${feature}`,
              from: './apps/admin/src/features',
              except: [`./${feature}`],
            })),
            { target: './apps/admin/src/features', from: './apps/admin/src/app' },
            {
              target: ['./apps/admin/src/lib', './apps/admin/src/components', './apps/admin/src/types'],
              from: ['./apps/admin/src/features', './apps/admin/src/app'],
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', '**/test/**', 'e2e/**', 'bench/**'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      // Tests read JSON envelopes whose shape the assertions themselves check.
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  // The config file itself runs outside any tsconfig; type-aware rules cannot see its types.
  { files: ['eslint.config.js', '.dependency-cruiser.cjs'], ...tseslint.configs.disableTypeChecked },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
