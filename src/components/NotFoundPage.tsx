// The answer to an unknown address (and to a guarded route without a screen): 404, a link home.
import { Result } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { homeFor } from '../domain/access/roles.ts';
import { useSignedInRole } from './useSignedInRole.ts';

export function NotFoundPage() {
  const { t } = useTranslation();
  const location = useLocation();
  // A signed-in person's home is their first screen, not the public landing page.
  const role = useSignedInRole();
  useEffect(() => {
    console.error(`404 Error: User attempted to access non-existent route: ${location.pathname}`);
  }, [location.pathname]);
  return (
    <Result
      status="404"
      title={t('notFound.code')}
      subTitle={t('notFound.title')}
      extra={<Link to={role ? homeFor(role) : '/'}>{t('notFound.home')}</Link>}
    />
  );
}
