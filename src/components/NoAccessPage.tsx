// What a signed-in person sees at an address their role does not open: the refusal (the spec's words
// for the portals) and the way to their own home; never the login form, which they are past.
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { homeFor, type Role } from '../domain/access/roles.ts';

export function NoAccessPage({
  role,
  title,
  text,
}: {
  role: Role | undefined;
  title?: string;
  text?: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div data-testid="no-access">
      <Result
        status="403"
        title={title ?? t('navigation.noAccess.title')}
        subTitle={text ?? t('navigation.noAccess.text')}
        extra={
          <Button type="primary" onClick={() => navigate(homeFor(role))}>
            {t('navigation.noAccess.home')}
          </Button>
        }
      />
    </div>
  );
}
