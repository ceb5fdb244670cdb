// /leave-requests/new: a person requests leave for themselves; HR and admins may instead record
// leave for someone else, also for past days (approved at once by the database).
import { useGetIdentity } from '@refinedev/core';
import { Button, Card, Form, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ScreenHeader } from '../../components/ScreenHeader.tsx';
import { mayDo } from '../../domain/access/roles.ts';
import { RequestForm } from '../../features/leave/index.ts';
import type { Identity } from '../../providers/identity.ts';
import { usePeople } from './data.ts';

export function LeaveRequestCreate() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: me } = useGetIdentity<Identity | null>();
  const mayRecord = mayDo('leave.record', me?.role);
  const people = usePeople(mayRecord);
  const [forWhom, setForWhom] = useState<string | null>(null);
  const other = forWhom && forWhom !== me?.employeeId ? forWhom : null;
  return (
    <div style={{ padding: 24, maxWidth: 640 }}>
      <ScreenHeader
        title={t('leave.form.title')}
        actions={<Button onClick={() => navigate('/leave-requests')}>{t('leave.routes.list')}</Button>}
      />
      <Card>
        {mayRecord && (
          <Form layout="vertical">
            <Form.Item label={t('leave.form.forWhom')}>
              <Select
                showSearch
                optionFilterProp="label"
                data-testid="leave-for-whom"
                value={forWhom ?? me?.employeeId}
                onChange={setForWhom}
                loading={people.isLoading}
                options={(people.data ?? []).map((p) => ({
                  value: p.id,
                  label:
                    p.id === me?.employeeId
                      ? t('leave.form.myself')
                      : `${p.first_name} ${p.last_name}`.trim(),
                }))}
              />
            </Form.Item>
          </Form>
        )}
        <RequestForm
          key={other ?? 'self'}
          employeeId={other}
          onDone={(r) => navigate(`/leave-requests/${r.id}`)}
        />
      </Card>
    </div>
  );
}
