// The root: the spec's route table with each route's guard. Public pages render without
// Refine; everything behind a login renders inside RefineShell (loaded on demand). antd too loads
// on demand (AntdRoot.tsx) around every route but the kiosk and the scanner, which paint without it.
// Every part a route needs is fetched at once before the first render (preloadRoute, main.tsx).
import { Suspense, type ComponentType } from 'react';
import { BrowserRouter, matchPath, Route, Routes } from 'react-router';
import { ErrorBoundary } from './components/ErrorBoundary.tsx';
import { ROUTES, type RouteRule } from './domain/access/roles.ts';
import { loadFeatureTexts } from './i18n/index.ts';
import { preloadable } from './screens/preloadable.ts';

// Each page is its own chunk: the kiosk and the login page load only what they show.
const PUBLIC_PAGES: Record<string, ReturnType<typeof preloadable>> = {
  '/': preloadable(() => import('./pages/landing/LandingPage.tsx').then((m) => m.LandingPage)),
  '/login': preloadable(() => import('./pages/login/LoginPage.tsx').then((m) => m.LoginPage)),
  '/signup': preloadable(() => import('./pages/signup/SignupPage.tsx').then((m) => m.SignupPage)),
  '/help': preloadable(() => import('./pages/help/HelpPage.tsx').then((m) => m.HelpPage)),
  '/status': preloadable(() => import('./pages/status/StatusPage.tsx').then((m) => m.StatusPage)),
  // The policy's words are feature texts, which public pages do not otherwise load.
  '/biometric-policy': preloadable(() =>
    Promise.all([
      import('./pages/biometric-policy/BiometricPolicyPage.tsx'),
      loadFeatureTexts(['biometricConsent']),
    ]).then(([m]) => m.BiometricPolicyPage),
  ),
  '/reset-password': preloadable(() =>
    import('./pages/reset-password/SetPasswordPage.tsx').then((m) => m.SetPasswordPage),
  ),
};
const AntdRoot = preloadable(() => import('./AntdRoot.tsx').then((m) => m.default));
const NotFoundPage = preloadable(() => import('./components/NotFoundPage.tsx').then((m) => m.NotFoundPage));
// The signed-in shell renders once the Supabase client and the screens' texts are there (loaded with it, in parallel).
// The data layer is imported here, not at the top: Refine's Supabase providers import supabase-js
// statically, which would put it (~50 KB gzipped) in every page's first paint.
const RefineShell = preloadable(() =>
  Promise.all([
    import('./RefineShell.tsx'),
    import('./providers/data-layer.ts').then((m) => m.connectDataLayer()),
    loadFeatureTexts(),
  ]).then(([m]) => m.default),
);
const BackOfficeLayout = preloadable(() =>
  import('./components/layout/BackOfficeLayout.tsx').then((m) => m.default),
);
const GuardedScreen = preloadable<{ rule: RouteRule }>(() =>
  import('./components/GuardedScreen.tsx').then((m) => m.default),
);
// The kiosk and the scanner paint without Refine (src/components/LightGuardedScreen.tsx).
const LIGHT_ROUTES = new Set(['/attendance-scanner', '/scanner']);
const LightGuardedScreen = preloadable<{ rule: RouteRule }>(() =>
  import('./components/LightGuardedScreen.tsx').then((m) => m.default),
);

/** Who is signed in (cached a few seconds by loadIdentity); never rejects: a failure reads again later. */
const readIdentity = () =>
  import('./providers/identity.ts').then((m) => m.loadIdentity()).catch(() => undefined);
const preloadScreen = (rule: RouteRule) =>
  import('./screens/registry.ts').then((m) => m.SCREENS[rule.path]?.preload());
const preloadLightScreen = (rule: RouteRule) =>
  import('./screens/light.ts').then((m) => m.LIGHT_SCREENS[rule.path]?.preload());

/**
 * Everything the first render of a path needs, fetched together: rendering would otherwise find
 * the parts one after the other (each lazy level renders the next). Also starts reading who is
 * signed in, which the guard asks for next. Resolves when the parts are there; main.tsx renders then.
 */
export function preloadRoute(pathname: string): Promise<unknown> {
  const rule = ROUTES.find((r) => matchPath({ path: r.path, end: true }, pathname));
  // The 404 offers a signed-in person their home ('Go back home'): it renders once it knows who
  // is signed in (supabase-js is not in the first paint, so reading it takes a download first).
  if (!rule) return Promise.all([AntdRoot.preload(), NotFoundPage.preload(), readIdentity()]);
  if (rule.roles === 'public') {
    // The landing page's header offers a signed-in person their home: reading who it is starts now.
    if (rule.path === '/') void readIdentity();
    return Promise.all([AntdRoot.preload(), PUBLIC_PAGES[rule.path]?.preload()]);
  }
  void readIdentity();
  if (LIGHT_ROUTES.has(rule.path))
    return Promise.all([LightGuardedScreen.preload(), preloadLightScreen(rule)]);
  return Promise.all([
    AntdRoot.preload(),
    RefineShell.preload(),
    rule.layout === 'back-office' ? BackOfficeLayout.preload() : null,
    GuardedScreen.preload(),
    preloadScreen(rule),
  ]);
}

const guardedScreen = (rule: RouteRule) => <GuardedScreen rule={rule} />;

export function App() {
  const publicRoutes = ROUTES.filter((r) => r.roles === 'public');
  const guarded = ROUTES.filter((r) => r.roles !== 'public');
  return (
    <BrowserRouter>
      <ErrorBoundary>
        <Suspense fallback={null}>
          <Routes>
            {guarded
              .filter((r) => LIGHT_ROUTES.has(r.path))
              .map((rule) => (
                <Route key={rule.path} path={rule.path} element={<LightGuardedScreen rule={rule} />} />
              ))}
            <Route element={<AntdRoot />}>
              {publicRoutes.map((rule) => {
                const Page: ComponentType = PUBLIC_PAGES[rule.path]!;
                return <Route key={rule.path} path={rule.path} element={<Page />} />;
              })}
              <Route element={<RefineShell />}>
                <Route element={<BackOfficeLayout />}>
                  {guarded
                    .filter((r) => r.layout === 'back-office')
                    .map((rule) => (
                      <Route key={rule.path} path={rule.path} element={guardedScreen(rule)} />
                    ))}
                </Route>
                {guarded
                  .filter((r) => r.layout === 'bare' && !LIGHT_ROUTES.has(r.path))
                  .map((rule) => (
                    <Route key={rule.path} path={rule.path} element={guardedScreen(rule)} />
                  ))}
              </Route>
              <Route path="*" element={<NotFoundPage />} />
            </Route>
          </Routes>
        </Suspense>
      </ErrorBoundary>
    </BrowserRouter>
  );
}
