// The landing page of the spec: header, hero, features, figures, call to action, footer.
import { Button, Card, Col, Layout, Row, Space, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { LanguageSwitch } from '../../components/LanguageSwitch.tsx';

const FEATURES = ['fingerprint', 'live', 'analytics', 'database', 'roles', 'shifts'] as const;
// The marketing figures as the spec writes them.
const FIGURES = [
  { key: 'accuracy', value: '99.9%' },
  { key: 'recognition', value: '< 2 s' },
  { key: 'uptime', value: '24/7' },
  { key: 'employees', value: '500+' },
] as const;

// The footer's two columns of links: where each goes and its text key.
const FOOTER_LINKS = [
  {
    title: 'landing.quickLinks',
    links: [
      ['/dashboard', 'routes.dashboard'],
      ['/attendance', 'routes.attendance'],
      ['/reports', 'routes.reports'],
      ['/settings', 'routes.settings'],
    ],
  },
  {
    title: 'landing.support',
    links: [
      ['/help', 'landing.documentation'],
      ['/help', 'landing.helpCenter'],
      ['/help#contact', 'landing.contactUs'],
      ['/status', 'landing.systemStatus'],
    ],
  },
] as const;

export function LandingPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header
        style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', background: '#fff' }}
      >
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('app.name')}
        </Typography.Title>
        <Space>
          <LanguageSwitch />
          <Button type="primary" onClick={() => navigate('/login')}>
            {t('landing.login')}
          </Button>
        </Space>
      </Layout.Header>
      <Layout.Content style={{ padding: '48px 24px', maxWidth: 1100, margin: '0 auto', width: '100%' }}>
        <section style={{ textAlign: 'center', marginBottom: 48 }}>
          <Typography.Title>{t('landing.heroTitle')}</Typography.Title>
          <Typography.Paragraph style={{ fontSize: 18 }}>{t('landing.heroText')}</Typography.Paragraph>
          <Space size="large">
            <Button type="primary" size="large" onClick={() => navigate('/attendance')}>
              {t('landing.startAttendance')}
            </Button>
            <Button size="large" onClick={() => navigate('/dashboard')}>
              {t('landing.viewDashboard')}
            </Button>
          </Space>
        </section>
        <Typography.Title level={2}>{t('landing.featuresTitle')}</Typography.Title>
        <Row gutter={[16, 16]} style={{ marginBottom: 48 }}>
          {FEATURES.map((feature) => (
            <Col xs={24} md={8} key={feature}>
              <Card>{t(`landing.features.${feature}`)}</Card>
            </Col>
          ))}
        </Row>
        <Row gutter={[16, 16]} style={{ marginBottom: 48 }}>
          {FIGURES.map((figure) => (
            <Col xs={12} md={6} key={figure.key}>
              <Statistic title={t(`landing.figures.${figure.key}`)} value={figure.value} />
            </Col>
          ))}
        </Row>
        <section style={{ textAlign: 'center' }}>
          <Typography.Title level={2}>{t('landing.ctaTitle')}</Typography.Title>
          <Space size="large">
            <Button type="primary" size="large" onClick={() => navigate('/employee-registration')}>
              {t('landing.registerEmployee')}
            </Button>
            <Button size="large" onClick={() => navigate('/reports')}>
              {t('landing.viewReports')}
            </Button>
          </Space>
        </section>
      </Layout.Content>
      <Layout.Footer>
        <Row gutter={32}>
          {FOOTER_LINKS.map((column) => (
            <Col xs={24} md={8} key={column.title}>
              <Typography.Title level={5}>{t(column.title)}</Typography.Title>
              <Space direction="vertical">
                {column.links.map(([to, label]) => (
                  <Link key={label} to={to}>
                    {t(label)}
                  </Link>
                ))}
              </Space>
            </Col>
          ))}
          <Col xs={24} md={8}>
            <Typography.Paragraph>
              <a href="mailto:support@pointage.example">support@pointage.example</a>
            </Typography.Paragraph>
            <Typography.Text type="secondary">{t('landing.copyright')}</Typography.Text>
          </Col>
        </Row>
      </Layout.Footer>
    </Layout>
  );
}
