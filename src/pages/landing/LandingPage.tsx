// The landing page of the spec: header, hero, features, figures, call to action, footer.
import { Button, Card, Col, Layout, Row, Space, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { LanguageSwitch } from '../../components/LanguageSwitch.tsx';
import { useSignedInRole } from '../../components/useSignedInRole.ts';
import { homeFor, mayOpen, ruleFor } from '../../domain/access/roles.ts';

const FEATURES = ['fingerprint', 'live', 'analytics', 'database', 'roles', 'shifts'] as const;
// The marketing figures as the spec writes them.
const FIGURES = [
  { key: 'accuracy', value: '99.9%' },
  { key: 'recognition', value: '< 2 s' },
  { key: 'uptime', value: '24/7' },
  { key: 'employees', value: '500+' },
] as const;

/** The screens the hero and the call to action lead to (the first button primary). */
const HERO_LINKS = [
  { path: '/attendance', label: 'startAttendance' },
  { path: '/dashboard', label: 'viewDashboard' },
];
const CTA_LINKS = [
  { path: '/employee-registration', label: 'registerEmployee' },
  { path: '/reports', label: 'viewReports' },
];

export function LandingPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // Signed out, every button leads to the login (then to the screen); signed in, only to the
  // screens the person's role opens, and the header leads to their home (issue 25 item 3).
  const role = useSignedInRole();
  const reachable = (path: string) => {
    const rule = ruleFor(path);
    return !role || (rule !== undefined && mayOpen(rule, role));
  };
  const links = (pair: { path: string; label: string }[]) => (
    <Space size="large">
      {pair.map(
        ({ path, label }, i) =>
          reachable(path) && (
            <Button
              key={path}
              type={i === 0 ? 'primary' : undefined}
              size="large"
              onClick={() => navigate(path)}
            >
              {t(`landing.${label}`)}
            </Button>
          ),
      )}
    </Space>
  );
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
          {role ? (
            <Button type="primary" onClick={() => navigate(homeFor(role))}>
              {t('landing.myHome')}
            </Button>
          ) : (
            <Button type="primary" onClick={() => navigate('/login')}>
              {t('landing.login')}
            </Button>
          )}
        </Space>
      </Layout.Header>
      <Layout.Content style={{ padding: '48px 24px', maxWidth: 1100, margin: '0 auto', width: '100%' }}>
        <section style={{ textAlign: 'center', marginBottom: 48 }}>
          <Typography.Title>{t('landing.heroTitle')}</Typography.Title>
          <Typography.Paragraph style={{ fontSize: 18 }}>{t('landing.heroText')}</Typography.Paragraph>
          {links(HERO_LINKS)}
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
          {links(CTA_LINKS)}
        </section>
      </Layout.Content>
      <Layout.Footer>
        <Row gutter={32}>
          <Col xs={24} md={8}>
            <Typography.Title level={5}>{t('landing.quickLinks')}</Typography.Title>
            <Space direction="vertical">
              {(['dashboard', 'attendance', 'reports', 'settings'] as const)
                .filter((screen) => reachable(`/${screen}`))
                .map((screen) => (
                  <Link key={screen} to={`/${screen}`}>
                    {t(`routes.${screen}`)}
                  </Link>
                ))}
            </Space>
          </Col>
          <Col xs={24} md={8}>
            <Typography.Title level={5}>{t('landing.support')}</Typography.Title>
            <Space direction="vertical">
              <Link to="/help">{t('landing.documentation')}</Link>
              <Link to="/help">{t('landing.helpCenter')}</Link>
              <Link to="/help#contact">{t('landing.contactUs')}</Link>
              <Link to="/status">{t('landing.systemStatus')}</Link>
              <Link to="/biometric-policy">{t('landing.biometricPolicy')}</Link>
            </Space>
          </Col>
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
