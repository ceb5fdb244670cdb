// Refine and its providers, loaded only for the signed-in part of the app: public pages
// (landing, login, sign-up, help, status) paint without it.
import { Refine, type ResourceProps } from '@refinedev/core';
import routerProvider from '@refinedev/react-router';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { MENU_ICONS } from './components/layout/menuIcons.tsx';
import { MENU_ORDER } from './domain/access/menu.ts';
import { TwoFactorHost } from './features/two-factor/index.ts';
import { accessControlProvider } from './providers/access-control.ts';
import { authProvider } from './providers/auth-provider.ts';
import { i18nProvider } from './providers/i18n-provider.ts';
import { notificationProvider } from './providers/notification-provider.ts';
import { refineProviders } from './providers/data-layer.ts';
import { RESOURCES } from './screens/resources.ts';

/**
 * The side menu, in the menu's order (src/domain/access/menu.ts: each role's home first), with an
 * icon and a short label each: a route listed by a table's resource (src/resources/<table>/resource.ts)
 * is that resource; any other is an entry named by its path. Resources without a menu route (e.g.
 * notifications) follow. Filtered by access control.
 */
function resources(t: (key: string) => string): ResourceProps[] {
  const byList = new Map(RESOURCES.map((r) => [r.list, r]));
  const menu = MENU_ORDER.map((path): ResourceProps => {
    const table = byList.get(path);
    const meta = { label: t(`navigation.menu.${path}`), icon: MENU_ICONS[path] };
    return table ? { ...table, meta: { ...table.meta, ...meta } } : { name: path, list: path, meta };
  });
  const listed = new Set(menu.map((r) => r.name));
  return [
    ...menu,
    ...RESOURCES.filter((r) => !listed.has(r.name)).map((r) => ({
      ...r,
      meta: { ...r.meta, label: t(String(r.meta?.titleKey ?? r.name)) },
    })),
  ];
}

/** The providers that stay the same for the app's life (data and realtime are made per shell). */
const PROVIDERS = { authProvider, accessControlProvider, i18nProvider, routerProvider, notificationProvider };
const OPTIONS = {
  liveMode: 'auto',
  disableTelemetry: true,
  syncWithLocation: true,
  warnWhenUnsavedChanges: true,
} as const;

export default function RefineShell() {
  const { t } = useTranslation();
  return (
    <Refine {...refineProviders()} {...PROVIDERS} resources={resources(t)} options={OPTIONS}>
      <Outlet />
      <TwoFactorHost />
    </Refine>
  );
}
