// Opens a route only for the roles of the route table. A signed-out visitor goes to /login (the spec);
// a signed-in person who may not open it sees the no-access page with the way home.
import { useGetIdentity, useNotification } from '@refinedev/core';
import { Spin } from 'antd';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { mayOpen, type RouteRule } from '../domain/access/roles.ts';
import type { Identity } from '../providers/identity.ts';
import { NoAccessPage } from './NoAccessPage.tsx';

export function RouteGuard({ rule, children }: { rule: RouteRule; children: ReactNode }) {
  const { t } = useTranslation();
  const { data: identity, isLoading } = useGetIdentity<Identity | null>();
  const { open } = useNotification();
  const allowed = !isLoading && mayOpen(rule, identity?.role);
  // The spec's toast for a signed-out visitor of the manager portal (a signed-in one reads it on the page).
  const managerRefused = !isLoading && !allowed && !identity && rule.refusal === 'manager-only';

  useEffect(() => {
    if (managerRefused) {
      open?.({
        type: 'error',
        message: t('access.managerDeniedTitle'),
        description: t('access.managerDenied'),
        key: 'access-denied',
      });
    }
  }, [managerRefused, open, t]);

  if (isLoading) return <Spin fullscreen tip={t('common.loading')} />;
  if (allowed) return <>{children}</>;
  // Signed in but refused: the page says so and leads home (the portals keep the spec's words).
  if (identity) {
    if (rule.refusal === 'employee-only')
      return (
        <NoAccessPage
          role={identity.role}
          title={t('access.employeeDeniedTitle')}
          text={t('access.employeeDenied')}
        />
      );
    if (rule.refusal === 'manager-only')
      return (
        <NoAccessPage
          role={identity.role}
          title={t('access.managerDeniedTitle')}
          text={t('access.managerDenied')}
        />
      );
    return <NoAccessPage role={identity.role} />;
  }
  return <Navigate to="/login" replace />;
}
