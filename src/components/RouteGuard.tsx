// Opens a route only for the roles of the route table; otherwise does what the spec says.
import { useGetIdentity, useNotification } from '@refinedev/core';
import { Button, Result, Spin } from 'antd';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { mayOpen, type RouteRule } from '../domain/access/roles.ts';
import type { Identity } from '../providers/identity.ts';

export function RouteGuard({ rule, children }: { rule: RouteRule; children: ReactNode }) {
  const { t } = useTranslation();
  const { data: identity, isLoading } = useGetIdentity<Identity | null>();
  const { open } = useNotification();
  const allowed = !isLoading && mayOpen(rule, identity?.role);
  const managerRefused = !isLoading && !allowed && rule.refusal === 'manager-only';

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
  if (rule.refusal === 'employee-only' && identity) {
    return (
      <Result
        status="403"
        title={t('access.employeeDeniedTitle')}
        subTitle={t('access.employeeDenied')}
        extra={
          <Button type="primary">
            <Link to="/login">{t('access.toLogin')}</Link>
          </Button>
        }
      />
    );
  }
  return <Navigate to="/login" replace />;
}
