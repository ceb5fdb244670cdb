// One shift: name, times (a night shift says it ends the next day), break, days, employees,
// Edit and Delete (with confirmation) for those who may change shifts.
import { ClockCircleOutlined, DeleteOutlined, EditOutlined, MoonOutlined } from '@ant-design/icons';
import { Button, Card, Popconfirm, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { crossesMidnight, DAYS, hhmm, type ShiftRow } from '../week.ts';

interface Props {
  shift: ShiftRow;
  siteName: string | null;
  canEdit: boolean;
  onEdit: () => void;
  onDelete: () => void;
}

export function ShiftCard({ shift, siteName, canEdit, onEdit, onDelete }: Props) {
  const { t } = useTranslation();
  const night = crossesMidnight(shift.start_time, shift.end_time);
  return (
    <Card
      size="small"
      data-testid="shift-card"
      title={
        <Space>
          <span>{shift.name}</span>
          {siteName && <Tag>{siteName}</Tag>}
        </Space>
      }
      actions={
        canEdit
          ? [
              <Button key="edit" type="link" icon={<EditOutlined />} onClick={onEdit}>
                {t('shifts.card.edit')}
              </Button>,
              <Popconfirm
                key="delete"
                title={t('shifts.card.deleteConfirm', { name: shift.name })}
                description={t('shifts.card.deleteDescription')}
                okText={t('shifts.card.yes')}
                cancelText={t('shifts.card.no')}
                okButtonProps={{ danger: true }}
                onConfirm={onDelete}
              >
                <Button type="link" danger icon={<DeleteOutlined />}>
                  {t('shifts.card.delete')}
                </Button>
              </Popconfirm>,
            ]
          : undefined
      }
    >
      <Space direction="vertical" size={6} style={{ width: '100%' }}>
        <Typography.Text strong>
          {night ? <MoonOutlined /> : <ClockCircleOutlined />} {hhmm(shift.start_time)} –{' '}
          {hhmm(shift.end_time)}
          {night && (
            <Tag color="purple" style={{ marginLeft: 8 }}>
              {t('shifts.card.nextDay')}
            </Tag>
          )}
        </Typography.Text>
        <Typography.Text type="secondary">
          {t('shifts.card.break', { minutes: shift.break_duration })}
        </Typography.Text>
        <div>
          {DAYS.map((d) => (
            <Tag
              key={d}
              color={shift.days_of_week.includes(d) ? 'blue' : undefined}
              style={{ opacity: shift.days_of_week.includes(d) ? 1 : 0.35 }}
            >
              {t(`shifts.days.${d}`)}
            </Tag>
          ))}
        </div>
        <Typography.Text>{t('shifts.card.employees', { count: shift.employees.length })}</Typography.Text>
        {shift.employees.length ? (
          <div style={{ maxHeight: 96, overflowY: 'auto' }}>
            {shift.employees.map((e) => (
              <Tag key={e.id} style={{ marginBottom: 4 }}>
                {e.name}
              </Tag>
            ))}
          </div>
        ) : (
          <Typography.Text type="secondary">{t('shifts.card.noEmployees')}</Typography.Text>
        )}
      </Space>
    </Card>
  );
}
