// The two-factor code step of the login and new-password pages, loaded on demand: only a person
// with two-factor sign-in downloads it (src/features/two-factor/lazy.ts).
import { lazy } from 'react';
import { loadFeatureTexts } from '../i18n/index.ts';

export const LoginCodeStep = lazy(() =>
  import('../features/two-factor/lazy.ts').then((m) => ({ default: m.LoginCodeStep })),
);

/** Does this session still owe a two-factor code? (its texts are loaded when it does) */
export async function codeIsDue(): Promise<boolean> {
  const { assurance } = await import('../features/two-factor/lazy.ts');
  const due = (await assurance()).codeDue;
  if (due) await loadFeatureTexts(['twoFactor']);
  return due;
}
