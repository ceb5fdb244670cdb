// Refine and its providers, loaded only for the signed-in part of the app: public pages
// (landing, login, sign-up, help, status) paint without it.
import { Refine, type ResourceProps } from '@refinedev/core';
import routerProvider, { DocumentTitleHandler } from '@refinedev/react-router';
import { dataProvider, liveProvider } from '@refinedev/supabase';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { ROUTES } from './domain/access/roles.ts';
import { accessControlProvider } from './providers/access-control.ts';
import { authProvider } from './providers/auth-provider.ts';
import { i18nProvider } from './providers/i18n-provider.ts';
import { notificationProvider } from './providers/notification-provider.ts';
import { supabase } from './providers/supabase.ts';

/** The back-office screens appear in the side menu (Refine resources), filtered by access control. */
function resources(t: (key: string) => string): ResourceProps[] {
  return ROUTES.filter((r) => r.layout === 'back-office' && !r.path.includes(':')).map((r) => ({
    name: r.path,
    list: r.path,
    meta: { label: t(r.titleKey) },
  }));
}

export default function RefineShell() {
  const { t } = useTranslation();
  return (
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
      <Outlet />
      <DocumentTitleHandler />
    </Refine>
  );
}
