// The answer to an unknown address (and to a guarded route without a screen): 404, a link home.
import { Result } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';

export function NotFoundPage() {
  const { t } = useTranslation();
  const location = useLocation();
  useEffect(() => {
    console.error(`404 Error: User attempted to access non-existent route: ${location.pathname}`);
  }, [location.pathname]);
  return (
    <Result
      status="404"
      title={t('notFound.code')}
      subTitle={t('notFound.title')}
      extra={<Link to="/">{t('notFound.home')}</Link>}
    />
  );
}
