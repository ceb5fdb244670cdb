// Opens a route only for the roles of the route table. A signed-out visitor goes to /login (the spec);
// a signed-in person who may not open it sees the no-access page with the way home.
import { useGetIdentity, useNotification } from '@refinedev/core';
import { Spin } from 'antd';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { mayOpen, type Refusal, type RouteRule } from '../domain/access/roles.ts';
import type { Identity } from '../providers/identity.ts';
import { NoAccessPage } from './NoAccessPage.tsx';

// The portals' refusals keep the spec's words; any other refusal reads the generic no-access page.
const REFUSAL_TEXTS: Partial<Record<Refusal, { title: string; text: string }>> = {
  'employee-only': { title: 'access.employeeDeniedTitle', text: 'access.employeeDenied' },
  'manager-only': { title: 'access.managerDeniedTitle', text: 'access.managerDenied' },
};

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
    const words = REFUSAL_TEXTS[rule.refusal];
    return words ? (
      <NoAccessPage role={identity.role} title={t(words.title)} text={t(words.text)} />
    ) : (
      <NoAccessPage role={identity.role} />
    );
  }
  return <Navigate to="/login" replace />;
}
