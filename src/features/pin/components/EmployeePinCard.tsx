// HR's card on a person (employee view, admin and HR): the ways this person may punch at a kiosk
// (finger, PIN or both; audited), whether they have a PIN, whether it is locked, and Reset PIN.
import { Button, Card, Descriptions, Popconfirm, Select, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../../shared/feedback/index.ts';
import { useFormat } from '../../../shared/format/index.ts';
import {
  PUNCH_METHODS,
  useEmployeePinStatus,
  useResetPin,
  useSetPunchMethods,
  type PunchMethods,
} from '../data.ts';

export function EmployeePinCard({ employeeId, mayEdit }: { employeeId: string; mayEdit: boolean }) {
  const { t } = useTranslation();
  const f = useFormat();
  const feedback = useFeedback();
  const status = useEmployeePinStatus(employeeId);
  const methods = useSetPunchMethods();
  const reset = useResetPin();
  const pin = status.data;

  const choose = (value: PunchMethods) =>
    methods.mutate(
      { employeeId, methods: value },
      {
        onSuccess: () => feedback.success(t('pin.hr.methodsSaved')),
        onError: (error) => feedback.failure(error),
      },
    );
  const resetPin = () =>
    reset.mutate(employeeId, {
      onSuccess: () => feedback.success(t('pin.hr.resetDone')),
      onError: (error) => feedback.failure(error),
    });

  return (
    <Card title={t('pin.hr.title')} loading={status.isLoading} data-testid="employee-pin">
      <Descriptions column={1} size="small" layout="vertical">
        <Descriptions.Item label={t('pin.hr.methods')}>
          <Select<PunchMethods>
            aria-label={t('pin.hr.methods')}
            data-testid="punch-methods"
            value={(pin?.punch_methods ?? 'finger') as PunchMethods}
            disabled={!mayEdit || methods.isPending}
            onChange={choose}
            style={{ width: '100%', maxWidth: 320 }}
            options={PUNCH_METHODS.map((m) => ({ value: m, label: t(`pin.methods.${m}`) }))}
          />
        </Descriptions.Item>
        <Descriptions.Item label={t('pin.hr.pin')}>
          <Space wrap>
            {pin?.locked ? (
              <Tag color="red">{t('pin.hr.locked')}</Tag>
            ) : pin?.has_pin && pin.set_at ? (
              <Tag color="green">{t('pin.card.set', { date: f.date(pin.set_at) })}</Tag>
            ) : (
              <Tag>{t('pin.card.none')}</Tag>
            )}
            {pin && pin.failed_attempts > 0 && !pin.locked && (
              <Typography.Text type="secondary">
                {t('pin.hr.attempts', { count: pin.failed_attempts })}
              </Typography.Text>
            )}
          </Space>
        </Descriptions.Item>
      </Descriptions>
      {mayEdit && pin?.has_pin && (
        <Popconfirm title={t('pin.hr.resetConfirm')} onConfirm={resetPin}>
          <Button danger loading={reset.isPending} style={{ marginTop: 12 }}>
            {t('pin.hr.reset')}
          </Button>
        </Popconfirm>
      )}
    </Card>
  );
}
