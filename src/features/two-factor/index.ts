// Two-factor sign-in: what other parts of the app may use. The sign-in code step and its API
// load lazily (login and reset pages import them with import()).
export { RemoveTwoFactorButton } from './RemoveTwoFactorButton.tsx';
export { TwoFactorHost } from './TwoFactorHost.tsx';
export { TwoFactorMenuButton } from './TwoFactorMenuButton.tsx';
export { TwoFactorSettings } from './TwoFactorSettings.tsx';
