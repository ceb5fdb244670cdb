// The browser tab's title: 'Pointage — <screen>' in the reader's language, from the route table.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { matchPath, useLocation } from 'react-router';
import { ROUTES } from '../domain/access/roles.ts';

export function documentTitle(pathname: string, t: (key: string) => string): string {
  const rule = ROUTES.find((r) => matchPath({ path: r.path, end: true }, pathname));
  const app = t('app.name');
  return rule && rule.path !== '/' ? `${app} — ${t(rule.titleKey)}` : app;
}

export function DocumentTitle() {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = documentTitle(pathname, t);
  }, [pathname, t, i18n.language]);
  return null;
}
