import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import layout from './eslint/layout-plugin.js';

// The data layer: the only modules that may hold the Supabase client.
const DATA_LAYER = ['src/data/**', 'src/providers/**', 'src/**/data.ts', 'src/**/data/**'];
const SUPABASE_CLIENT = {
  group: ['@supabase/supabase-js', '**/data/client.ts'],
  message: "Only the data layer (src/data, a feature's data.ts) talks to Supabase: call its typed functions.",
};
const LEGACY = [
  'src/App.tsx',
  'src/RefineShell.tsx',
  'src/components/GuardedScreen.tsx',
  'src/components/LightGuardedScreen.tsx',
  'src/components/account/ChangePasswordButton.tsx',
  'src/components/daily/NotificationsCard.tsx',
  'src/components/daily/PortalHeader.tsx',
  'src/features/two-factor/LoginCodeStep.tsx',
  'src/features/two-factor/TwoFactorHost.tsx',
  'src/features/two-factor/api.ts',
  'src/fingerprint/scanner/enrolment.ts',
  'src/fingerprint/scanner/page/backend.ts',
  'src/fingerprint/server/client.ts',
  'src/pages/dashboard/CalendarView.tsx',
  'src/pages/dashboard/queries.ts',
  'src/pages/employee-portal/EmployeePortal.tsx',
  'src/pages/employee-portal/queries.ts',
  'src/pages/kiosk/offline/api.ts',
  'src/pages/kiosk/queries.ts',
  'src/pages/login/LoginPage.tsx',
  'src/pages/login/forgot-password.ts',
  'src/pages/manager-portal/ManagerPortal.tsx',
  'src/pages/manager-portal/components/EmployeeDialog.tsx',
  'src/pages/manager-portal/components/NotifyDialog.tsx',
  'src/pages/manager-portal/queries.ts',
  'src/pages/reset-password/SetPasswordPage.tsx',
  'src/pages/reset-password/queries.ts',
  'src/pages/scanner/ScannerScreen.tsx',
  'src/pages/signup/InvitedSignup.tsx',
  'src/pages/signup/failure.ts',
  'src/pages/signup/fingerprint.ts',
  'src/pages/signup/pending-login.ts',
  'src/pages/signup/queries.ts',
  'src/pages/users/queries.ts',
  'src/resources/attendances/components/CorrectionDialog.tsx',
  'src/resources/attendances/queries.ts',
  'src/resources/employees/queries.ts',
  'src/resources/employees/show.tsx',
  'src/resources/settings/components/BackupsList.tsx',
  'src/resources/settings/components/NewRuleSetVersion.tsx',
  'src/resources/settings/components/PasswordModal.tsx',
  'src/resources/settings/components/RuleSetsCard.tsx',
  'src/resources/settings/export.ts',
  'src/resources/settings/queries.ts',
  'src/resources/shifts/queries.ts',
];

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
    rules: { 'layout/boundaries': 'error' },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: DATA_LAYER,
    rules: { 'no-restricted-imports': ['error', { patterns: [SUPABASE_CLIENT] }] },
  },
  // TRANSITIONAL (issue 24): files not yet moved to the layout. The list must be empty.
  ...(LEGACY.length
    ? [{ files: LEGACY, rules: { 'no-restricted-imports': 'off', 'layout/boundaries': 'off' } }]
    : []),
);
