// /settings: the row 'default' of system_settings (admins edit, others read), live when another
// admin saves; the security and system actions; sites, holidays and pay rule sets.
import { useForm } from '@refinedev/antd';
import { useGetIdentity, useGo, type HttpError } from '@refinedev/core';
import { Alert, Button, Card, Col, Form, Input, Row, Space, Spin, Typography } from 'antd';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ScreenColumn } from '../../components/ScreenHeader.tsx';
import { homeFor, mayDo } from '../../domain/access/roles.ts';
import { TEXT_LIMITS } from '../../domain/limits/index.ts';
import { TwoFactorSettings } from '../../features/two-factor/index.ts';
import type { Identity } from '../../providers/identity.ts';
import { describeError, refineToasts } from '../../shared/feedback/index.ts';
import { PasswordModal } from '../../features/account/lazy.ts';
import { HolidaysCard } from './components/HolidaysCard.tsx';
import { LeavePoliciesCard } from './components/LeavePoliciesCard.tsx';
import { LogsModal } from './components/LogsModal.tsx';
import { RuleSetsCard } from './components/RuleSetsCard.tsx';
import { IntegerInput, Toggle } from './components/SettingsFields.tsx';
import { SitesCard } from './components/SitesCard.tsx';
import { AchOriginatorCard } from './components/AchOriginatorCard.tsx';
import {
  RetentionCard,
  SitePolicyCard,
  UnverifiedPressesCard,
} from '../../features/biometric-policy/index.ts';
import { SystemCardContent } from './components/SystemCard.tsx';
import { useSystemActions } from './components/useSystemActions.ts';
import { toRow, type SettingsValues, type SystemSettings } from './fields.ts';

export function SettingsEdit() {
  const { t } = useTranslation();
  const { data: identity } = useGetIdentity<Identity | null>();
  const isAdmin = mayDo('settings.edit', identity?.role);
  const mayReviewPresses = mayDo('fingerprints.reviewPresses', identity?.role);
  const canReadLogs = mayDo('audit.read', identity?.role);
  const go = useGo();
  const [logs, setLogs] = useState<'security' | 'system' | null>(null);
  const [passwordOpen, setPasswordOpen] = useState(false);
  const [changedElsewhere, setChangedElsewhere] = useState(false);
  const savingRef = useRef(false);

  const { formProps, form, query, onFinish, saveButtonProps } = useForm<
    SystemSettings,
    HttpError,
    SettingsValues
  >({
    resource: 'system_settings',
    id: 'default',
    action: 'edit',
    redirect: false,
    liveMode: 'auto',
    mutationMode: 'pessimistic',
    warnWhenUnsavedChanges: false,
    ...refineToasts(
      { message: t('settings.savedTitle'), description: t('settings.savedMessage') },
      (error) => ({
        message: t('settings.errorTitle'),
        // A CHECK constraint's refusal in the reader's language; otherwise the generic text.
        description: error?.message?.includes('check constraint')
          ? describeError(t, { message: error.message, code: '23514' })
          : t('settings.errorMessage'),
      }),
    ),
  });
  const row = query?.data?.data;
  const system = useSystemActions(async () => query?.refetch());

  // Live: whenever the row changes (our save or another admin's), the form shows the stored values.
  useEffect(() => {
    if (!row) return;
    form.setFieldsValue(row as unknown as SettingsValues);
    if (savingRef.current) savingRef.current = false;
    else if (row.updated_by && identity && row.updated_by !== identity.employeeId) setChangedElsewhere(true);
  }, [row, form, identity]);

  if (!row) {
    return (
      <div style={{ padding: 48, textAlign: 'center' }}>
        <Spin />
        <Typography.Paragraph style={{ marginTop: 16 }}>{t('settings.loading')}</Typography.Paragraph>
      </div>
    );
  }

  const save = async (values: SettingsValues) => {
    savingRef.current = true;
    setChangedElsewhere(false);
    await onFinish(toRow(values) as unknown as SettingsValues).catch(() => (savingRef.current = false));
  };

  const integer = (field: Parameters<typeof IntegerInput>[0]['field'], label: string) => (
    <IntegerInput field={field} label={label} disabled={!isAdmin} />
  );
  const toggle = (field: Parameters<typeof Toggle>[0]['field'], label: string, effect: string) => (
    <Toggle field={field} label={label} effect={effect} disabled={!isAdmin} />
  );
  const card = (title: string, children: ReactNode, testId: string) => (
    <Col xs={24} lg={12}>
      <Card title={title} data-testid={testId} style={{ height: '100%' }}>
        {children}
      </Card>
    </Col>
  );

  return (
    <ScreenColumn
      title={t('settings.title')}
      subtitle={t('settings.subtitle')}
      actions={<Button onClick={() => go({ to: homeFor(identity?.role) })}>{t('settings.dashboard')}</Button>}
    >
      {!isAdmin && <Alert type="info" showIcon message={t('settings.readOnly')} />}
      {changedElsewhere && (
        <Alert
          type="info"
          showIcon
          closable
          onClose={() => setChangedElsewhere(false)}
          message={t('settings.updatedElsewhere')}
        />
      )}
      <Form {...formProps} layout="vertical" onFinish={save} requiredMark={false}>
        <Row gutter={[16, 16]}>
          {card(
            t('settings.general.title'),
            <>
              <Form.Item
                label={t('settings.general.companyName')}
                name="company_name"
                rules={[{ required: true, whitespace: true, message: t('settings.general.companyRequired') }]}
              >
                <Input maxLength={TEXT_LIMITS.system_settings.company_name} disabled={!isAdmin} />
              </Form.Item>
              <Row gutter={12}>
                <Col xs={24} sm={8} lg={24} xxl={8}>
                  {integer('working_hours', t('settings.general.workingHours'))}
                </Col>
                <Col xs={24} sm={8} lg={24} xxl={8}>
                  {integer('break_time', t('settings.general.breakTime'))}
                </Col>
                <Col xs={24} sm={8} lg={24} xxl={8}>
                  {integer('late_threshold', t('settings.general.lateThreshold'))}
                </Col>
              </Row>
              {integer('max_attendance_hours', t('settings.general.maxAttendanceHours'))}
              <Typography.Paragraph type="secondary" style={{ marginTop: -12, fontSize: 13 }}>
                {t('settings.general.maxAttendanceHoursEffect')}
              </Typography.Paragraph>
              {integer('repeat_press_seconds', t('kioskTap.setting.label'))}
              <Typography.Paragraph type="secondary" style={{ marginTop: -12, fontSize: 13 }}>
                {t('kioskTap.setting.effect')}
              </Typography.Paragraph>
            </>,
            'general-card',
          )}
          {card(
            t('settings.notifications.title'),
            <>
              {toggle(
                'notifications',
                t('settings.notifications.push'),
                t('settings.notifications.pushEffect'),
              )}
              {toggle(
                'email_reports',
                t('settings.notifications.email'),
                t('settings.notifications.emailEffect'),
              )}
              {toggle(
                'sms_notifications',
                t('settings.notifications.sms'),
                t('settings.notifications.smsEffect'),
              )}
            </>,
            'notifications-card',
          )}
          {card(
            t('settings.security.title'),
            <>
              {toggle(
                'biometric_auth',
                t('settings.security.biometric'),
                t('settings.security.biometricEffect'),
              )}
              <Space wrap>
                {isAdmin && (
                  <Button onClick={() => setPasswordOpen(true)}>
                    {t('settings.security.changePassword')}
                  </Button>
                )}
                {canReadLogs && (
                  <Button onClick={() => setLogs('security')}>{t('settings.security.securityLogs')}</Button>
                )}
              </Space>
              <TwoFactorSettings canEdit={isAdmin} />
            </>,
            'security-card',
          )}
          {card(
            t('settings.system.title'),
            <SystemCardContent
              isAdmin={isAdmin}
              canReadLogs={canReadLogs}
              busy={system.busy}
              run={system.run}
              onLogs={() => setLogs('system')}
            />,
            'system-card',
          )}
        </Row>
        {isAdmin && (
          <div style={{ marginTop: 16, textAlign: 'right' }}>
            <Button type="primary" size="large" htmlType="submit" loading={saveButtonProps.loading}>
              {t('settings.save')}
            </Button>
          </div>
        )}
      </Form>
      <Row gutter={[16, 16]}>
        {[
          { key: 'SitesCard', card: <SitesCard canEdit={isAdmin} />, half: true },
          { key: 'HolidaysCard', card: <HolidaysCard canEdit={isAdmin} />, half: true },
          { key: 'SitePolicyCard', card: <SitePolicyCard canEdit={isAdmin} />, half: true },
          { key: 'RetentionCard', card: <RetentionCard canEdit={isAdmin} />, half: true },
          ...(mayReviewPresses
            ? [{ key: 'UnverifiedPressesCard', card: <UnverifiedPressesCard />, half: false }]
            : []),
          { key: 'AchOriginatorCard', card: <AchOriginatorCard canEdit={isAdmin} />, half: true },
          { key: 'RuleSetsCard', card: <RuleSetsCard canEdit={isAdmin} />, half: false },
          { key: 'LeavePoliciesCard', card: <LeavePoliciesCard canEdit={isAdmin} />, half: false },
        ].map(({ key, card, half }) => (
          <Col key={key} xs={24} xxl={half ? 12 : 24}>
            {card}
          </Col>
        ))}
      </Row>
      {identity && (
        <PasswordModal email={identity.email} open={passwordOpen} onClose={() => setPasswordOpen(false)} />
      )}
      <LogsModal kind={logs} onClose={() => setLogs(null)} />
    </ScreenColumn>
  );
}
