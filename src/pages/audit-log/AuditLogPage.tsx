// /audit-log (admin, HR): who changed what and when, the diff field by field, filtered by entity,
// action, person and date, paginated by the server (public.audit_entries under audit_logs' RLS).
// Read-only: there is nothing to edit here, and the database refuses writes to the log.
import { ArrowRightOutlined } from '@ant-design/icons';
import { useList, type CrudFilter } from '@refinedev/core';
import { useSelect } from '@refinedev/antd';
import {
  Button,
  Card,
  Col,
  DatePicker,
  Flex,
  Row,
  Select,
  Space,
  Table,
  Tag,
  Typography,
  type SelectProps,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { diffLines } from './diff.ts';

interface AuditEntry {
  id: number;
  created_at: string;
  entity: string;
  entity_id: string;
  action: string;
  diff: unknown;
  actor_employee_id: string | null;
  actor_name: string;
  subject_name: string | null;
}

const ENTITIES = [
  'employees',
  'accounts',
  'role_requests',
  'attendances',
  'biometric_enrolments',
  'department_managers',
  'shifts',
  'salary_structures',
  'employee_pay_profiles',
  'payroll_runs',
  'payroll_rule_sets',
  'system_settings',
  'backups',
  'export',
];
const ACTIONS = [
  'create',
  'insert',
  'update',
  'delete',
  'archive',
  'restore',
  'correction',
  'enrol',
  'remove',
  'assign_manager',
  'remove_manager',
  'change_role',
  'invite',
  'password_reset',
  'approve',
  'reject',
  'generate',
  'payment_queued',
  'payment_released',
  'payment_failed',
  'amounts_changed',
  'backup',
  'export',
  'reset',
];
const PAGE_SIZE = 20;

function Diff({ diff }: { diff: unknown }) {
  const lines = diffLines(diff);
  return (
    <Space direction="vertical" size={2} data-testid="audit-diff">
      {lines.map((l) => (
        <span key={l.field} data-testid={`diff-${l.field}`}>
          <Typography.Text type="secondary">{l.field}: </Typography.Text>
          {l.changed ? (
            <>
              <Typography.Text delete type="danger">
                {l.old}
              </Typography.Text>{' '}
              <ArrowRightOutlined style={{ fontSize: 10 }} />{' '}
              <Typography.Text type="success" strong>
                {l.new}
              </Typography.Text>
            </>
          ) : (
            <Typography.Text>{l.value}</Typography.Text>
          )}
        </span>
      ))}
    </Space>
  );
}

export function AuditLogPage() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const entity = params.get('entity');
  const entityId = params.get('id');
  const action = params.get('action');
  const person = params.get('person');
  const [dates, setDates] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [page, setPage] = useState(1);

  const set = (key: string, value: string | null | undefined) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    if (key === 'entity') next.delete('id');
    setParams(next, { replace: true });
    setPage(1);
  };

  const filters = useMemo(() => {
    const f: CrudFilter[] = [];
    if (entity) f.push({ field: 'entity', operator: 'eq', value: entity });
    if (entityId) f.push({ field: 'entity_id', operator: 'eq', value: entityId });
    if (action) f.push({ field: 'action', operator: 'eq', value: action });
    if (person) f.push({ field: 'actor_employee_id', operator: 'eq', value: person });
    if (dates?.[0])
      f.push({ field: 'created_at', operator: 'gte', value: dates[0].startOf('day').toISOString() });
    if (dates?.[1])
      f.push({ field: 'created_at', operator: 'lte', value: dates[1].endOf('day').toISOString() });
    return f;
  }, [entity, entityId, action, person, dates]);

  const { result, query } = useList<AuditEntry>({
    resource: 'audit_entries',
    pagination: { currentPage: page, pageSize: PAGE_SIZE, mode: 'server' },
    sorters: [
      { field: 'created_at', order: 'desc' },
      { field: 'id', order: 'desc' },
    ],
    filters,
  });

  const { selectProps: personProps } = useSelect<{ id: string; first_name: string; last_name: string }>({
    resource: 'employees',
    optionLabel: (e) => `${e.first_name} ${e.last_name}`.trim(),
    optionValue: 'id',
    meta: { select: 'id, first_name, last_name' },
    sorters: [{ field: 'first_name', order: 'asc' }],
    defaultValue: person ?? undefined,
    onSearch: (value) => [
      {
        operator: 'or',
        value: [
          { field: 'first_name', operator: 'contains', value },
          { field: 'last_name', operator: 'contains', value },
        ],
      },
    ],
    pagination: { pageSize: 50, mode: 'server' },
  });

  const subject = entityId ? result.data.find((r) => r.entity_id === entityId)?.subject_name : null;

  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }} data-testid="audit-page">
      <div>
        <Typography.Title level={2} style={{ marginBottom: 4 }}>
          {t('routes.auditLog')}
        </Typography.Title>
        <Typography.Text type="secondary">
          {entityId && subject ? t('audit.historyOf', { name: subject }) : t('audit.intro')}
        </Typography.Text>
      </div>
      <Card size="small">
        <Row gutter={[12, 12]}>
          <Col xs={24} sm={12} lg={5}>
            <Select
              style={{ width: '100%' }}
              allowClear
              placeholder={t('audit.allEntities')}
              value={entity ?? undefined}
              onChange={(v?: string) => set('entity', v)}
              options={ENTITIES.map((e) => ({ value: e, label: t(`audit.entities.${e}`) }))}
              data-testid="audit-entity"
            />
          </Col>
          <Col xs={24} sm={12} lg={5}>
            <Select
              style={{ width: '100%' }}
              allowClear
              placeholder={t('audit.allActions')}
              value={action ?? undefined}
              onChange={(v?: string) => set('action', v)}
              options={ACTIONS.map((a) => ({ value: a, label: t(`audit.actions.${a}`) }))}
              data-testid="audit-action"
            />
          </Col>
          <Col xs={24} sm={12} lg={5}>
            <Select<string>
              {...(personProps as unknown as SelectProps<string>)}
              style={{ width: '100%' }}
              allowClear
              placeholder={t('audit.anyone')}
              value={person ?? undefined}
              onChange={(v?: string) => set('person', v ?? null)}
              data-testid="audit-person"
            />
          </Col>
          <Col xs={24} sm={12} lg={6}>
            <DatePicker.RangePicker
              style={{ width: '100%' }}
              value={dates}
              onChange={(v) => {
                setDates(v);
                setPage(1);
              }}
              allowEmpty={[true, true]}
              placeholder={[t('audit.from'), t('audit.to')]}
              data-testid="audit-dates"
            />
          </Col>
          <Col xs={24} lg={3}>
            <Button
              block
              disabled={!entity && !action && !person && !entityId && !dates}
              onClick={() => {
                setParams(new URLSearchParams(), { replace: true });
                setDates(null);
                setPage(1);
              }}
            >
              {t('audit.clear')}
            </Button>
          </Col>
        </Row>
        {entityId && (
          <Flex gap="small" style={{ marginTop: 12 }}>
            <Tag closable onClose={() => set('id', null)} data-testid="audit-record-filter">
              {t('audit.record')}: {subject ?? entityId}
            </Tag>
          </Flex>
        )}
      </Card>
      <Table<AuditEntry>
        data-testid="audit-table"
        rowKey="id"
        size="small"
        loading={query.isFetching}
        dataSource={result.data}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('audit.empty') }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: result.total ?? 0,
          showSizeChanger: false,
          showTotal: (count) => t('audit.total', { count }),
          onChange: setPage,
        }}
        columns={[
          {
            key: 'when',
            title: t('audit.when'),
            dataIndex: 'created_at',
            render: (v: string) => new Date(v).toLocaleString(i18n.language),
            width: 180,
          },
          {
            key: 'who',
            title: t('audit.who'),
            dataIndex: 'actor_name',
            render: (v: string) =>
              v || <Typography.Text type="secondary">{t('audit.system')}</Typography.Text>,
          },
          {
            key: 'entity',
            title: t('audit.entity'),
            render: (_: unknown, r) => (
              <Space direction="vertical" size={0}>
                <Typography.Text>
                  {t(`audit.entities.${r.entity}`, { defaultValue: r.entity })}
                </Typography.Text>
                {r.entity === 'employees' ? (
                  <Link to={`/employee-view/${r.entity_id}`}>{r.subject_name ?? r.entity_id}</Link>
                ) : (
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {r.subject_name ?? r.entity_id}
                  </Typography.Text>
                )}
              </Space>
            ),
          },
          {
            key: 'action',
            title: t('audit.action'),
            dataIndex: 'action',
            render: (v: string) => <Tag>{t(`audit.actions.${v}`, { defaultValue: v })}</Tag>,
          },
          {
            key: 'diff',
            title: t('audit.changes'),
            dataIndex: 'diff',
            render: (v: unknown) => <Diff diff={v} />,
          },
        ]}
      />
    </Space>
  );
}
