// Settings → 'Unverified kiosk presses' (issue 26 item 2), for HR and admins: presses a verify
// site's kiosk queued offline that did not match the person whose number was typed. They are not
// punches; HR checks with the person, then records the punch at the press's time or dismisses it.
import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { NotedTableCard } from '../../components/table/NotedTableCard.tsx';
import { useFeedback } from '../../shared/feedback/index.ts';
import { useFormat } from '../../shared/format/index.ts';
import { useOpenPresses, useResolvePress, type PressResolution, type UnverifiedPress } from './data.ts';
import { toastOutcome } from './outcome.ts';

export function UnverifiedPressesCard() {
  const { t } = useTranslation();
  const f = useFormat();
  const feedback = useFeedback();
  const presses = useOpenPresses(true);
  const resolve = useResolvePress();

  const answer = (press: UnverifiedPress, resolution: PressResolution) =>
    resolve.mutate(
      { id: press.id, resolution },
      toastOutcome(feedback, t(`biometricConsent.review.${resolution}`)),
    );

  return (
    <NotedTableCard<UnverifiedPress>
      texts="biometricConsent.review"
      testId="unverified-presses"
      scroll={{ x: 'max-content' }}
      loading={presses.isLoading}
      dataSource={presses.data ?? []}
      locale={{ emptyText: t('biometricConsent.review.empty') }}
      columns={[
        {
          title: t('biometricConsent.review.pressedAt'),
          dataIndex: 'pressed_at',
          render: (at: string, press) => f.dateTime(at, press.sites?.time_zone),
        },
        { title: t('biometricConsent.review.site'), render: (_, press) => press.sites?.name ?? '—' },
        { title: t('biometricConsent.review.number'), dataIndex: 'personal_number' },
        {
          title: t('biometricConsent.review.action'),
          dataIndex: 'action',
          render: (action: string) => t(`biometricConsent.review.actions.${action}`),
        },
        {
          title: t('biometricConsent.review.reason'),
          dataIndex: 'reason',
          render: (reason: string) => t(`biometricConsent.review.reasons.${reason}`),
        },
        {
          key: 'answer',
          render: (_, press) => (
            <Space wrap>
              <Button size="small" onClick={() => answer(press, 'recorded')} disabled={resolve.isPending}>
                {t('biometricConsent.review.record')}
              </Button>
              <Button size="small" onClick={() => answer(press, 'dismissed')} disabled={resolve.isPending}>
                {t('biometricConsent.review.dismiss')}
              </Button>
            </Space>
          ),
        },
      ]}
    />
  );
}
