// The root: the spec's route table with each route's guard. Public pages render without
// Refine; everything behind a login renders inside RefineShell (loaded on demand). antd too loads
// on demand (AntdRoot.tsx) around every route but the kiosk and the scanner, which paint without it.
import { lazy, Suspense, type ComponentType } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { ErrorBoundary } from './components/ErrorBoundary.tsx';
import { ROUTES, type RouteRule } from './domain/access/roles.ts';
import { loadFeatureTexts } from './i18n/index.ts';
import { loadSupabase } from './providers/supabase.ts';

const page = <T extends string>(load: () => Promise<Record<T, ComponentType>>, name: T) =>
  lazy(() => load().then((m) => ({ default: m[name] })));

// Each page is its own chunk: the kiosk and the login page load only what they show.
const PUBLIC_LOADERS = {
  '/': () => import('./pages/landing/LandingPage.tsx').then((m) => ({ Page: m.LandingPage })),
  '/login': () => import('./pages/login/LoginPage.tsx').then((m) => ({ Page: m.LoginPage })),
  '/signup': () => import('./pages/signup/SignupPage.tsx').then((m) => ({ Page: m.SignupPage })),
  '/help': () => import('./pages/help/HelpPage.tsx').then((m) => ({ Page: m.HelpPage })),
  '/status': () => import('./pages/status/StatusPage.tsx').then((m) => ({ Page: m.StatusPage })),
} satisfies Record<string, () => Promise<{ Page: ComponentType }>>;
const PUBLIC_PAGES: Record<string, ComponentType> = Object.fromEntries(
  Object.entries(PUBLIC_LOADERS).map(([path, load]) => [path, page(load, 'Page')]),
);
const AntdRoot = lazy(() => import('./AntdRoot.tsx'));
// The page asked for starts loading with antd's root, not after it (which renders it).
if (typeof location !== 'undefined')
  void PUBLIC_LOADERS[location.pathname as keyof typeof PUBLIC_LOADERS]?.();
const NotFoundPage = page(() => import('./pages/not-found/NotFoundPage.tsx'), 'NotFoundPage');
// The signed-in shell renders once the Supabase client and the screens' texts are there (loaded with it, in parallel).
const RefineShell = lazy(() =>
  Promise.all([import('./RefineShell.tsx'), loadSupabase(), loadFeatureTexts()]).then(([m]) => m),
);
const BackOfficeLayout = lazy(() => import('./components/layout/BackOfficeLayout.tsx'));
const GuardedScreen = lazy(() => import('./components/GuardedScreen.tsx'));
// The kiosk and the scanner paint without Refine (src/components/LightGuardedScreen.tsx).
const LIGHT_ROUTES = new Set(['/attendance-scanner', '/scanner']);
const LightGuardedScreen = lazy(() => import('./components/LightGuardedScreen.tsx'));

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
                const Page = PUBLIC_PAGES[rule.path]!;
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
