// The Refine root: providers, the spec's route table with each route's guard, and the layouts.
import { Refine, type ResourceProps } from '@refinedev/core';
import routerProvider, { DocumentTitleHandler } from '@refinedev/react-router';
import { dataProvider, liveProvider } from '@refinedev/supabase';
import { App as AntdApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import frFR from 'antd/locale/fr_FR';
import dayjs from 'dayjs';
import 'dayjs/locale/fr';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { BrowserRouter, Route, Routes } from 'react-router';
import { ErrorBoundary } from './components/ErrorBoundary.tsx';
import { RouteGuard } from './components/RouteGuard.tsx';
import { ScreenNotAvailable } from './components/ScreenNotAvailable.tsx';
import { ROUTES, type RouteRule } from './domain/access/roles.ts';
import { accessControlProvider } from './providers/access-control.ts';
import { authProvider } from './providers/auth-provider.ts';
import { i18nProvider } from './providers/i18n-provider.ts';
import { notificationProvider } from './providers/notification-provider.ts';
import { supabase } from './providers/supabase.ts';

// Each page is its own chunk: the kiosk and the login page load only what they show.
const LandingPage = lazy(() =>
  import('./pages/landing/LandingPage.tsx').then((m) => ({ default: m.LandingPage })),
);
const LoginPage = lazy(() => import('./pages/login/LoginPage.tsx').then((m) => ({ default: m.LoginPage })));
const SignupPage = lazy(() =>
  import('./pages/signup/SignupPage.tsx').then((m) => ({ default: m.SignupPage })),
);
const HelpPage = lazy(() => import('./pages/help/HelpPage.tsx').then((m) => ({ default: m.HelpPage })));
const StatusPage = lazy(() =>
  import('./pages/status/StatusPage.tsx').then((m) => ({ default: m.StatusPage })),
);
const BackOfficeLayout = lazy(() => import('./components/layout/BackOfficeLayout.tsx'));
const NotFoundPage = lazy(() =>
  import('./pages/not-found/NotFoundPage.tsx').then((m) => ({ default: m.NotFoundPage })),
);

const PUBLIC_PAGES: Record<string, React.ComponentType> = {
  '/': LandingPage,
  '/login': LoginPage,
  '/signup': SignupPage,
  '/help': HelpPage,
  '/status': StatusPage,
};

/** The back-office screens appear in the side menu (Refine resources), filtered by access control. */
function resources(t: (key: string) => string): ResourceProps[] {
  return ROUTES.filter((r) => r.layout === 'back-office' && !r.path.includes(':')).map((r) => ({
    name: r.path,
    list: r.path,
    meta: { label: t(r.titleKey) },
  }));
}

function screenFor(rule: RouteRule) {
  const Page = PUBLIC_PAGES[rule.path];
  if (Page) return <Page />;
  // Screens that belong to later issues: the guard, the title and a plain "not available yet".
  return (
    <RouteGuard rule={rule}>
      <ScreenNotAvailable titleKey={rule.titleKey} />
    </RouteGuard>
  );
}

export function App() {
  const { i18n, t } = useTranslation();
  const french = i18n.language.startsWith('fr');
  dayjs.locale(french ? 'fr' : 'en');
  return (
    <BrowserRouter>
      <ConfigProvider locale={french ? frFR : enUS}>
        <AntdApp>
          <ErrorBoundary>
            <Refine
              dataProvider={dataProvider(supabase())}
              liveProvider={liveProvider(supabase())}
              authProvider={authProvider}
              accessControlProvider={accessControlProvider}
              i18nProvider={i18nProvider}
              routerProvider={routerProvider}
              notificationProvider={notificationProvider}
              resources={resources(t)}
              options={{
                liveMode: 'auto',
                disableTelemetry: true,
                syncWithLocation: true,
                warnWhenUnsavedChanges: true,
              }}
            >
              <Suspense fallback={null}>
                <Routes>
                  <Route element={<BackOfficeLayout />}>
                    {ROUTES.filter((r) => r.layout === 'back-office').map((rule) => (
                      <Route key={rule.path} path={rule.path} element={screenFor(rule)} />
                    ))}
                  </Route>
                  {ROUTES.filter((r) => r.layout === 'bare').map((rule) => (
                    <Route key={rule.path} path={rule.path} element={screenFor(rule)} />
                  ))}
                  <Route path="*" element={<NotFoundPage />} />
                </Routes>
              </Suspense>
              <DocumentTitleHandler />
            </Refine>
          </ErrorBoundary>
        </AntdApp>
      </ConfigProvider>
    </BrowserRouter>
  );
}
