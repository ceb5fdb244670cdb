// /audit-log (admin, HR): who changed what and when, the diff field by field, filtered by entity,
// action, person and date, paginated by the server (public.audit_entries under audit_logs' RLS).
// Read-only: there is nothing to edit here, and the database refuses writes to the log.
import { Space, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AuditFilters } from './components/AuditFilters.tsx';
import { AuditTable } from './components/AuditTable.tsx';
import { useAuditEntries, usePersonOptions, type AuditChoice } from './data.ts';

export function AuditLogPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [dates, setDates] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [page, setPage] = useState(1);
  const choice: AuditChoice = {
    entity: params.get('entity'),
    entityId: params.get('id'),
    action: params.get('action'),
    person: params.get('person'),
    dates,
  };

  const set = (key: string, value: string | null | undefined) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    if (key === 'entity') next.delete('id');
    setParams(next, { replace: true });
    setPage(1);
  };

  const entries = useAuditEntries(choice, page);
  const personProps = usePersonOptions(choice.person);
  const subject = choice.entityId
    ? entries.rows.find((r) => r.entity_id === choice.entityId)?.subject_name
    : null;

  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }} data-testid="audit-page">
      <div>
        <Typography.Title level={2} style={{ marginBottom: 4 }}>
          {t('routes.auditLog')}
        </Typography.Title>
        <Typography.Text type="secondary">
          {choice.entityId && subject ? t('audit.historyOf', { name: subject }) : t('audit.intro')}
        </Typography.Text>
      </div>
      <AuditFilters
        choice={choice}
        set={set}
        setDates={(value) => {
          setDates(value);
          setPage(1);
        }}
        clear={() => {
          setParams(new URLSearchParams(), { replace: true });
          setDates(null);
          setPage(1);
        }}
        personProps={personProps}
        subject={subject}
      />
      <AuditTable
        rows={entries.rows}
        total={entries.total}
        loading={entries.loading}
        page={page}
        setPage={setPage}
      />
    </Space>
  );
}
