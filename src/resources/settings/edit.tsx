// /settings: the row 'default' of system_settings (admins edit, others read), live when another
// admin saves; the security and system actions; sites, holidays and pay rule sets.
import { useForm } from '@refinedev/antd';
import {
  useGetIdentity,
  useGo,
  useInvalidate,
  useLogout,
  useNotification,
  type HttpError,
} from '@refinedev/core';
import { Alert, App, Button, Card, Col, Form, Input, Row, Space, Spin, Switch, Typography } from 'antd';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../shared/feedback/index.ts';
import { mayDo } from '../../domain/access/roles.ts';
import { TEXT_LIMITS } from '../../domain/limits/index.ts';
import { TwoFactorSettings } from '../../features/two-factor/index.ts';
import type { Identity } from '../../providers/identity.ts';
import { BackupsList } from './components/BackupsList.tsx';
import { HolidaysCard } from './components/HolidaysCard.tsx';
import { LogsModal } from './components/LogsModal.tsx';
import { PasswordModal } from './components/PasswordModal.tsx';
import { RuleSetsCard } from './components/RuleSetsCard.tsx';
import { SitesCard } from './components/SitesCard.tsx';
import { exportCompanyData } from './export.ts';
import type { SWITCHES } from './fields.ts';
import {
  INTEGER_FIELDS,
  parseInteger,
  toRow,
  type IntegerField,
  type SettingsValues,
  type SystemSettings,
} from './fields.ts';
import { backupNow, resetSettings } from './queries.ts';

export function SettingsEdit() {
  const { t } = useTranslation();
  const { data: identity } = useGetIdentity<Identity | null>();
  const isAdmin = mayDo('settings.edit', identity?.role);
  const canReadLogs = mayDo('audit.read', identity?.role);
  const { open: notify } = useNotification();
  const { mutate: logout } = useLogout();
  const go = useGo();
  const { modal } = App.useApp();
  const invalidate = useInvalidate();
  const [logs, setLogs] = useState<'security' | 'system' | null>(null);
  const [passwordOpen, setPasswordOpen] = useState(false);
  const [busy, setBusy] = useState<'export' | 'reset' | 'backup' | null>(null);
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
    successNotification: () => ({
      type: 'success',
      message: t('settings.savedTitle'),
      description: t('settings.savedMessage'),
    }),
    errorNotification: (error) => ({
      type: 'error',
      message: t('settings.errorTitle'),
      // A CHECK constraint's refusal in the reader's language; otherwise the generic text.
      description: error?.message?.includes('check constraint')
        ? describeError(t, { message: error.message, code: '23514' })
        : t('settings.errorMessage'),
    }),
  });
  const row = query?.data?.data;

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

  const run = async (kind: 'export' | 'reset' | 'backup') => {
    setBusy(kind);
    try {
      if (kind === 'export') {
        const { tables, rows } = await exportCompanyData();
        notify?.({
          type: 'success',
          message: t('settings.system.exported'),
          description: t('settings.system.exportedMessage', { tables, rows }),
        });
      } else if (kind === 'reset') {
        await resetSettings();
        await query?.refetch();
        notify?.({ type: 'success', message: t('settings.system.resetDone') });
      } else {
        await backupNow();
        await invalidate({ resource: 'backups', invalidates: ['list'] });
      }
    } catch (error) {
      const title =
        kind === 'export'
          ? 'settings.system.exportFailed'
          : kind === 'reset'
            ? 'settings.system.resetFailed'
            : 'settings.errorTitle';
      notify?.({ type: 'error', message: t(title), description: (error as Error).message });
    } finally {
      setBusy(null);
    }
  };

  const integer = (field: IntegerField, label: string) => (
    <Form.Item
      label={label}
      name={field}
      rules={[
        {
          validator: (_, value) =>
            parseInteger(field, value) === null
              ? Promise.reject(new Error(t('settings.general.integerRange', INTEGER_FIELDS[field])))
              : Promise.resolve(),
        },
      ]}
    >
      <Input inputMode="numeric" disabled={!isAdmin} />
    </Form.Item>
  );
  const toggle = (field: (typeof SWITCHES)[number], label: string, effect: string) => (
    <div style={{ marginBottom: 16 }}>
      <Space align="center">
        <Form.Item name={field} valuePropName="checked" noStyle>
          <Switch aria-label={label} disabled={!isAdmin} />
        </Form.Item>
        <Typography.Text strong>{label}</Typography.Text>
      </Space>
      <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0 52px', fontSize: 13 }}>
        {effect}
      </Typography.Paragraph>
    </div>
  );
  const card = (title: string, children: ReactNode, testId: string) => (
    <Col xs={24} lg={12}>
      <Card title={title} data-testid={testId} style={{ height: '100%' }}>
        {children}
      </Card>
    </Col>
  );

  return (
    <Space direction="vertical" size={16} style={{ width: '100%', padding: 8 }}>
      <Row justify="space-between" align="middle" gutter={[16, 8]}>
        <Col>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {t('settings.title')}
          </Typography.Title>
          <Typography.Text type="secondary">{t('settings.subtitle')}</Typography.Text>
        </Col>
        <Col>
          <Space>
            <Button onClick={() => go({ to: '/dashboard' })}>{t('settings.dashboard')}</Button>
            <Button onClick={() => logout()}>{t('settings.logout')}</Button>
          </Space>
        </Col>
      </Row>
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
            <>
              {toggle('auto_backup', t('settings.system.autoBackup'), t('settings.system.autoBackupEffect'))}
              {toggle('scanner_simulator', t('settings.system.scanner'), t('settings.system.scannerEffect'))}
              <Space wrap>
                {isAdmin && (
                  <Button loading={busy === 'export'} onClick={() => void run('export')}>
                    {t('settings.system.exportData')}
                  </Button>
                )}
                {canReadLogs && (
                  <Button onClick={() => setLogs('system')}>{t('settings.system.systemLogs')}</Button>
                )}
                {isAdmin && (
                  <Button
                    danger
                    loading={busy === 'reset'}
                    onClick={() =>
                      modal.confirm({
                        title: t('settings.system.resetConfirmTitle'),
                        content: t('settings.system.resetConfirmText'),
                        okText: t('settings.system.resetOk'),
                        cancelText: t('settings.system.cancel'),
                        okButtonProps: { danger: true },
                        onOk: () => run('reset'),
                      })
                    }
                  >
                    {t('settings.system.resetSystem')}
                  </Button>
                )}
              </Space>
              {isAdmin && (
                <div style={{ marginTop: 16 }}>
                  <BackupsList onBackup={() => void run('backup')} busy={busy === 'backup'} />
                </div>
              )}
            </>,
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
        <Col xs={24} xxl={12}>
          <SitesCard canEdit={isAdmin} />
        </Col>
        <Col xs={24} xxl={12}>
          <HolidaysCard canEdit={isAdmin} />
        </Col>
        <Col xs={24}>
          <RuleSetsCard canEdit={isAdmin} />
        </Col>
      </Row>
      {identity && (
        <PasswordModal email={identity.email} open={passwordOpen} onClose={() => setPasswordOpen(false)} />
      )}
      <LogsModal kind={logs} onClose={() => setLogs(null)} />
    </Space>
  );
}
