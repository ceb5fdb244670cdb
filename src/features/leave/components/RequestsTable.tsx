// Leave requests with the steps the reader may take on each: approve or reject (HR, admins, the
// person's manager; never one's own), cancel (one's own before it starts; HR at any time). The
// buttons mirror what decide_leave and cancel_leave allow; the database decides.
import { useGetIdentity } from '@refinedev/core';
import { Button, Popconfirm, Space, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { mayDo } from '../../../domain/access/roles.ts';
import type { Identity } from '../../../providers/identity.ts';
import { useFeedback } from '../../../shared/feedback/index.ts';
import { useCancelLeave, useDecideLeave, type LeaveRequestRow } from '../data.ts';
import { useLeaveLabels } from '../labels.ts';
import { RejectDialog } from './RejectDialog.tsx';
import { StatusTag } from './StatusTag.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';

interface Props {
  rows: LeaveRequestRow[];
  loading?: boolean;
  /** Show the person's name (lists of several people). */
  showEmployee?: boolean;
  /** Link each row to its page (the back office). */
  linkRows?: boolean;
  testId?: string;
}

export function RequestsTable({ rows, loading, showEmployee, linkRows, testId = 'leave-requests' }: Props) {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const { typeName, amount, dates } = useLeaveLabels();
  const { data: me } = useGetIdentity<Identity | null>();
  const decide = useDecideLeave();
  const cancel = useCancelLeave();
  const [rejecting, setRejecting] = useState<LeaveRequestRow | null>(null);
  const today = dayjs().format('YYYY-MM-DD');
  const staff = me?.role === 'admin' || me?.role === 'hr';

  const step = async (run: () => Promise<unknown>, done: string) => {
    try {
      await run();
      feedback.success(t(done));
      return true;
    } catch (error) {
      feedback.failure(error);
      return false;
    }
  };

  const actions = (r: LeaveRequestRow) => {
    const own = r.employee_id === me?.employeeId;
    const mayDecide = !own && r.status === 'pending' && mayDo('leave.decide', me?.role);
    const mayCancel =
      (r.status === 'pending' || r.status === 'approved') && ((own && r.start_date > today) || staff);
    return (
      <Space wrap>
        {mayDecide && (
          <>
            <Button
              size="small"
              type="primary"
              data-testid="leave-approve"
              loading={decide.isPending}
              onClick={() =>
                void step(() => decide.mutateAsync({ id: r.id, approve: true }), 'leave.actions.approved')
              }
            >
              {t('leave.actions.approve')}
            </Button>
            <Button size="small" danger data-testid="leave-reject" onClick={() => setRejecting(r)}>
              {t('leave.actions.reject')}
            </Button>
          </>
        )}
        {mayCancel && (
          <Popconfirm
            title={t('leave.actions.confirmCancel')}
            onConfirm={() => void step(() => cancel.mutateAsync(r.id), 'leave.actions.cancelled')}
          >
            <Button size="small" data-testid="leave-cancel">
              {t('leave.actions.cancel')}
            </Button>
          </Popconfirm>
        )}
      </Space>
    );
  };

  return (
    <>
      <Table<LeaveRequestRow>
        data-testid={testId}
        rowKey="id"
        size="small"
        loading={loading}
        dataSource={rows}
        pagination={rows.length > 10 ? { pageSize: 10 } : false}
        locale={{ emptyText: <EmptyState text={t('leave.list.empty')} /> }}
        scroll={{ x: 'max-content' }}
        columns={[
          ...(showEmployee
            ? [
                {
                  key: 'employee',
                  title: t('leave.fields.employee'),
                  render: (_: unknown, r: LeaveRequestRow) =>
                    `${r.employee?.first_name ?? ''} ${r.employee?.last_name ?? ''}`.trim(),
                },
              ]
            : []),
          {
            key: 'type',
            title: t('leave.fields.type'),
            render: (_, r) =>
              linkRows ? (
                <Link to={`/leave-requests/${r.id}`}>{typeName(r.leave_type)}</Link>
              ) : (
                typeName(r.leave_type)
              ),
          },
          { key: 'dates', title: t('leave.fields.dates'), render: (_, r) => dates(r) },
          // On a tablet the decisions stay in view: the amount and the reason are on the request's own page.
          {
            key: 'cost',
            title: t('leave.fields.cost'),
            responsive: ['lg'],
            render: (_, r) => amount(r.amount, r.unit),
          },
          {
            key: 'status',
            title: t('leave.fields.status'),
            render: (_, r) => <StatusTag status={r.status} />,
          },
          {
            key: 'reason',
            title: t('leave.fields.reason'),
            responsive: ['xl'],
            render: (_, r) => (
              <Typography.Text type="secondary">{r.decision_reason ?? r.note ?? ''}</Typography.Text>
            ),
          },
          // A width, so the buttons wrap inside it rather than widen the table past the screen.
          { key: 'actions', title: '', width: 160, render: (_, r) => actions(r) },
        ]}
      />
      <RejectDialog
        open={rejecting !== null}
        busy={decide.isPending}
        onCancel={() => setRejecting(null)}
        onReject={(reason) =>
          void step(
            () => decide.mutateAsync({ id: rejecting!.id, approve: false, reason }),
            'leave.actions.rejected',
          ).then((ok) => ok && setRejecting(null))
        }
      />
    </>
  );
}
