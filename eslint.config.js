import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import layout from './eslint/layout-plugin.js';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', '.data/', 'coverage/', '.scratch/', 'test-results/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  // The layout (docs/architecture.md): only the data layer talks to Supabase, and a screen folder
  // (resources/<table>, pages/<page>) or a feature never reaches into another one's files; shared
  // code lives in data/, shared/, domain/, components/, i18n/ and features/<name>/index.ts.
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { layout },
    rules: { 'layout/boundaries': 'error', 'layout/data-layer': 'error' },
  },
  // One way to tell a person that something worked or failed: useFeedback() (src/shared/feedback).
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/shared/feedback/**', 'src/providers/notification-provider.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'antd',
              importNames: ['message', 'notification'],
              message: 'Toasts go through useFeedback() (src/shared/feedback).',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "VariableDeclarator[init.callee.property.name='useApp'] > ObjectPattern > Property[key.name=/^(message|notification)$/]",
          message: 'Toasts go through useFeedback() (src/shared/feedback).',
        },
      ],
    },
  },
);
