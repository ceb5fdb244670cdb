// The enrolled fingers (finger, quality, consent date; never a template) and, for whoever may
// manage the person, 'Enrol a finger' through the scanner page.
import { Card, Table, Typography } from 'antd';
import { useFormat } from '../../../shared/format/index.ts';
import { useTranslation } from 'react-i18next';
import { BiometricSetup } from '../../../features/employee-form/index.ts';
import { useFeedback } from '../../../shared/feedback/index.ts';
import { enrolFinger, fullName, useEnrolledFingers, type Employee } from '../data.ts';
import { EmptyState } from '../../../components/EmptyState.tsx';

export function FingersCard({ employee, mayEnrol }: { employee: Employee; mayEnrol: boolean }) {
  const { t } = useTranslation();
  const f = useFormat();
  const feedback = useFeedback();
  const fingers = useEnrolledFingers(employee.id);
  return (
    <Card title={t('employees.fingers')} size="small" data-testid="enrolled-fingers">
      {fingers.data && fingers.data.length > 0 ? (
        <Table
          size="small"
          pagination={false}
          rowKey="finger"
          dataSource={fingers.data}
          columns={[
            {
              title: t('employees.finger'),
              dataIndex: 'finger',
              render: (finger: string) => t(`fingers.${finger}`),
            },
            { title: t('employees.quality'), dataIndex: 'quality' },
            {
              title: t('employees.consentDate'),
              dataIndex: 'consent_at',
              render: (value: string) => f.date(new Date(value)),
            },
          ]}
        />
      ) : (
        <EmptyState text={t('employees.noFingers')} />
      )}
      {mayEnrol && (
        <div style={{ marginTop: 12 }}>
          {fingers.data?.length === 1 && (
            <Typography.Paragraph type="secondary" data-testid="second-finger-hint">
              {t('employees.secondFingerHint')}
            </Typography.Paragraph>
          )}
          <BiometricSetup
            enrolment={null}
            person={{ id: employee.id, name: fullName(employee) }}
            label={t('employees.enrolFinger')}
            onEnrolled={async (captured) => {
              try {
                await enrolFinger(employee.id, captured);
                feedback.success(t('employees.fingerprintCaptured'));
                await fingers.refetch();
              } catch (error) {
                feedback.failure(error, t('employees.saveErrorTitle'));
              }
            }}
            onDuplicate={() =>
              feedback.failure(null, t('employees.duplicateTitle'), t('employees.duplicate'))
            }
            onCheckFailed={() =>
              feedback.failure(null, t('employees.saveErrorTitle'), t('employees.checkFailed'))
            }
          />
        </div>
      )}
    </Card>
  );
}
