import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function HelpPage() {
  const { t } = useTranslation();
  return (
    <Card style={{ maxWidth: 760, margin: '48px auto' }}>
      <Typography.Title>{t('help.title')}</Typography.Title>
      <Typography.Paragraph>{t('help.intro')}</Typography.Paragraph>
      <Typography.Title level={3}>{t('help.checkInTitle')}</Typography.Title>
      <Typography.Paragraph>{t('help.checkIn')}</Typography.Paragraph>
      <Typography.Title level={3}>{t('help.accountsTitle')}</Typography.Title>
      <Typography.Paragraph>{t('help.accounts')}</Typography.Paragraph>
      <Typography.Title level={3} id="contact">
        {t('help.contactTitle')}
      </Typography.Title>
      <Typography.Paragraph>{t('help.contact')}</Typography.Paragraph>
      <Link to="/">{t('common.backHome')}</Link>
    </Card>
  );
}
