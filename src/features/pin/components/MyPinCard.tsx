// The portal's 'My kiosk PIN' card: the PIN's state (set, locked), the ways HR allows this person to
// punch, and a form to set or change the PIN (twice, 4-8 digits; the database refuses trivial ones).
import { Alert, Button, Card, Descriptions, Form, Input, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../shared/format/index.ts';
import { useFeedback } from '../../../shared/feedback/index.ts';
import { useMyPinStatus, useSetMyPin } from '../data.ts';

interface PinForm {
  pin: string;
  repeat: string;
}

const DIGITS = /^[0-9]{4,8}$/;

export function MyPinCard() {
  const { t } = useTranslation();
  const { data: mine, isLoading } = useMyPinStatus();
  const save = useSetMyPin();
  const feedback = useFeedback();
  const f = useFormat();
  const [form] = Form.useForm<PinForm>();

  const submit = ({ pin }: PinForm) =>
    save.mutate(pin, {
      onSuccess: () => {
        form.resetFields();
        feedback.success(t('pin.card.saved'));
      },
      onError: (error) => feedback.failure(error),
    });

  return (
    <Card title={t('pin.card.title')} loading={isLoading} data-testid="my-pin">
      <Typography.Paragraph type="secondary">{t('pin.card.intro')}</Typography.Paragraph>
      <Descriptions column={1} size="small" style={{ marginBottom: 12 }}>
        <Descriptions.Item label={t('pin.card.status')}>
          <span data-testid="my-pin-status">
            {mine?.locked ? (
              <Tag color="red">{t('pin.card.locked')}</Tag>
            ) : mine?.has_pin && mine.set_at ? (
              <Tag color="green">{t('pin.card.set', { date: f.date(mine.set_at) })}</Tag>
            ) : (
              <Tag>{t('pin.card.none')}</Tag>
            )}
          </span>
        </Descriptions.Item>
        <Descriptions.Item label={t('pin.card.methods')}>
          {t(`pin.methods.${mine?.punch_methods ?? 'finger'}`)}
        </Descriptions.Item>
      </Descriptions>
      {mine?.punch_methods === 'finger' && (
        <Alert type="info" showIcon message={t('pin.card.notAllowed')} style={{ marginBottom: 12 }} />
      )}
      <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item
          name="pin"
          label={t('pin.card.newPin')}
          extra={t('pin.card.rules')}
          rules={[{ required: true, pattern: DIGITS, message: t('errors.pin.format', { min: 4, max: 8 }) }]}
        >
          <Input.Password inputMode="numeric" maxLength={8} autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="repeat"
          label={t('pin.card.confirmPin')}
          dependencies={['pin']}
          rules={[
            { required: true, message: t('pin.card.mismatch') },
            ({ getFieldValue }) => ({
              validator: (_rule, value: string | undefined) =>
                !value || value === getFieldValue('pin')
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('pin.card.mismatch'))),
            }),
          ]}
        >
          <Input.Password inputMode="numeric" maxLength={8} autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {mine?.has_pin ? t('pin.card.change') : t('pin.card.save')}
        </Button>
      </Form>
    </Card>
  );
}
