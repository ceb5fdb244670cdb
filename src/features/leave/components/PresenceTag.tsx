// Why someone without a record today is not absent, as the database's one definition of expected
// presence says it (today_status): on leave (with the type), a holiday (with its name), or not a
// working day for them. Absent, present and completed stay each screen's own tags.
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLeaveLabels } from '../labels.ts';

export type OffState = 'on_leave' | 'holiday' | 'off';
export const isOffState = (state: string): state is OffState =>
  state === 'on_leave' || state === 'holiday' || state === 'off';

export function PresenceTag(props: {
  state: OffState;
  leaveType?: string | null;
  holidayName?: string | null;
}) {
  const { t } = useTranslation();
  const { typeName } = useLeaveLabels();
  if (props.state === 'holiday')
    return (
      <Tag color="purple" data-testid="presence-holiday">
        {props.holidayName || t('leave.presence.holiday')}
      </Tag>
    );
  if (props.state === 'on_leave')
    return (
      <Tag color="blue" data-testid="presence-on-leave">
        {props.leaveType
          ? t('leave.presence.on_leave_type', { type: typeName(props.leaveType) })
          : t('leave.presence.on_leave')}
      </Tag>
    );
  return <Tag data-testid="presence-off">{t('leave.presence.off')}</Tag>;
}
