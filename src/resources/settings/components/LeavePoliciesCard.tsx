// Leave types and their dated policy versions (issue 27 item 1), per country: each version with its
// status (in force, scheduled, superseded), whether it pays, how it accrues, and its source. Admins
// add a company type and a new version from a day after today (a copy of the latest, edited); a past
// version is never edited (the ledger and payroll read it). HR reads.
import { PlusOutlined } from '@ant-design/icons';
import { Button, Segmented, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NotedTableCard } from '../../../components/table/NotedTableCard.tsx';
import { useLeaveLabels, useLeavePolicies, type LeavePolicy } from '../../../features/leave/index.ts';
import { versionStates } from '../versions.ts';
import { VersionTag } from './VersionTag.tsx';
import { NewLeavePolicyDialog } from './NewLeavePolicyDialog.tsx';
import { NewLeaveTypeDialog } from './NewLeaveTypeDialog.tsx';

type Country = 'US' | 'BF';

export function LeavePoliciesCard({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const labels = useLeaveLabels();
  const [country, setCountry] = useState<Country>('BF');
  const [addingType, setAddingType] = useState(false);
  const [versionOf, setVersionOf] = useState<LeavePolicy | 'new' | null>(null);
  const policies = useLeavePolicies();
  const rows = (policies.data ?? []).filter((p) => p.country === country);
  const stateOf = versionStates(
    rows.map((p) => ({ rule_set: p.leave_type, effective_from: p.effective_from })),
    dayjs().format('YYYY-MM-DD'),
  );
  // The newest version of each type (rows are sorted newest first per type): the basis of a new one.
  const latest = new Set(rows.filter((p, i) => rows.findIndex((o) => o.leave_type === p.leave_type) === i));
  const accrual = (p: LeavePolicy) =>
    t(`leavePolicies.accrual.${p.accrual}`, {
      amount: labels.amount(Number(p.accrual_amount), p.unit),
      per: p.accrual_per_hours,
    });

  return (
    <NotedTableCard<LeavePolicy>
      texts="leavePolicies"
      testId="leave-policies-card"
      extra={
        canEdit && (
          <Button icon={<PlusOutlined />} onClick={() => setAddingType(true)}>
            {t('leavePolicies.addType')}
          </Button>
        )
      }
      controls={
        <>
          <Segmented
            value={country}
            onChange={(v) => setCountry(v as Country)}
            options={(['BF', 'US'] as const).map((c) => ({ value: c, label: t(`settings.countries.${c}`) }))}
          />
          {canEdit && (
            <Button icon={<PlusOutlined />} onClick={() => setVersionOf('new')}>
              {t('leavePolicies.newVersion')}
            </Button>
          )}
        </>
      }
      loading={policies.isLoading}
      dataSource={rows}
      scroll={{ x: 760 }}
      expandable={{
        expandedRowRender: (p) => (
          <Typography.Paragraph style={{ margin: 0 }}>{p.source}</Typography.Paragraph>
        ),
      }}
      columns={[
        {
          title: t('leavePolicies.column.type'),
          key: 'type',
          render: (_, p) => labels.typeName(p.leave_type),
        },
        {
          title: t('leavePolicies.column.effectiveFrom'),
          key: 'from',
          render: (_, p) => <span style={{ whiteSpace: 'nowrap' }}>{labels.day(p.effective_from)}</span>,
        },
        {
          title: t('leavePolicies.column.state'),
          key: 'state',
          render: (_, p) => {
            const state = stateOf({ rule_set: p.leave_type, effective_from: p.effective_from });
            return <VersionTag state={state}>{t(`leavePolicies.state.${state}`)}</VersionTag>;
          },
        },
        {
          title: t('leavePolicies.column.paid'),
          key: 'paid',
          render: (_, p) => t(p.paid ? 'leavePolicies.yes' : 'leavePolicies.no'),
        },
        { title: t('leavePolicies.column.accrual'), key: 'accrual', render: (_, p) => accrual(p) },
        {
          title: t('leavePolicies.column.source'),
          key: 'source',
          ellipsis: true,
          width: '35%',
          render: (_, p) => p.source,
        },
        ...(canEdit
          ? [
              {
                key: 'actions',
                render: (_: unknown, p: LeavePolicy) =>
                  latest.has(p) && (
                    <Button size="small" onClick={() => setVersionOf(p)}>
                      {t('leavePolicies.newVersion')}
                    </Button>
                  ),
              },
            ]
          : []),
      ]}
    >
      <NewLeaveTypeDialog open={addingType} onClose={() => setAddingType(false)} />
      <NewLeavePolicyDialog
        open={versionOf !== null}
        basis={versionOf === 'new' ? null : versionOf}
        country={country}
        versions={rows}
        onClose={() => setVersionOf(null)}
      />
    </NotedTableCard>
  );
}
