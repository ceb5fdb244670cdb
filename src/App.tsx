// The root: the spec's route table with each route's guard. Public pages render without
// Refine; everything behind a login renders inside RefineShell (loaded on demand).
import { App as AntdApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import frFR from 'antd/locale/fr_FR';
import dayjs from 'dayjs';
import 'dayjs/locale/fr';
import { lazy, Suspense, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { BrowserRouter, Route, Routes } from 'react-router';
import { ErrorBoundary } from './components/ErrorBoundary.tsx';
import { ROUTES, type RouteRule } from './domain/access/roles.ts';
import { loadFeatureTexts } from './i18n/index.ts';
import { loadSupabase } from './providers/supabase.ts';

const page = <T extends string>(load: () => Promise<Record<T, ComponentType>>, name: T) =>
  lazy(() => load().then((m) => ({ default: m[name] })));

// Each page is its own chunk: the kiosk and the login page load only what they show.
const PUBLIC_PAGES: Record<string, ComponentType> = {
  '/': page(() => import('./pages/landing/LandingPage.tsx'), 'LandingPage'),
  '/login': page(() => import('./pages/login/LoginPage.tsx'), 'LoginPage'),
  '/signup': page(() => import('./pages/signup/SignupPage.tsx'), 'SignupPage'),
  '/help': page(() => import('./pages/help/HelpPage.tsx'), 'HelpPage'),
  '/status': page(() => import('./pages/status/StatusPage.tsx'), 'StatusPage'),
};
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
  const { i18n } = useTranslation();
  const french = i18n.language.startsWith('fr');
  dayjs.locale(french ? 'fr' : 'en');
  const publicRoutes = ROUTES.filter((r) => r.roles === 'public');
  const guarded = ROUTES.filter((r) => r.roles !== 'public');
  return (
    <BrowserRouter>
      <ConfigProvider locale={french ? frFR : enUS}>
        <AntdApp>
          <ErrorBoundary>
            <Suspense fallback={null}>
              <Routes>
                {publicRoutes.map((rule) => {
                  const Page = PUBLIC_PAGES[rule.path]!;
                  return <Route key={rule.path} path={rule.path} element={<Page />} />;
                })}
                {guarded
                  .filter((r) => LIGHT_ROUTES.has(r.path))
                  .map((rule) => (
                    <Route key={rule.path} path={rule.path} element={<LightGuardedScreen rule={rule} />} />
                  ))}
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
              </Routes>
            </Suspense>
          </ErrorBoundary>
        </AntdApp>
      </ConfigProvider>
    </BrowserRouter>
  );
}
