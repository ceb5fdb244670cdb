// The audit log's filters: entity, action, person, dates, and the one record's tag; all but the
// dates live in the address, so a link (an employee's 'History') opens the log filtered.
import { Button, Card, Col, DatePicker, Flex, Row, Select, Tag, type SelectProps } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { AuditChoice } from '../data.ts';

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
  'self_enrol',
  'retention_destroyed',
  'consent_withdrawn',
  'pin_set',
  'pin_reset',
  'pin_locked',
  'punch_methods',
  'pin_accepted',
  'pin_rejected',
  'listed',
  'dismissed',
  'recorded',
];

/** The two filters chosen from a fixed list: what the record is about, and what was done. */
const LISTS = [
  { key: 'entity', all: 'allEntities', values: ENTITIES, labels: 'entities' },
  { key: 'action', all: 'allActions', values: ACTIONS, labels: 'actions' },
] as const;

export function AuditFilters({
  choice,
  set,
  setDates,
  clear,
  personProps,
  subject,
}: {
  choice: AuditChoice;
  set: (key: string, value: string | null | undefined) => void;
  setDates: (dates: [Dayjs | null, Dayjs | null] | null) => void;
  clear: () => void;
  personProps: SelectProps<string>;
  subject: string | null | undefined;
}) {
  const { t } = useTranslation();
  const { entity, entityId, action, person, dates } = choice;
  return (
    <Card size="small">
      <Row gutter={[12, 12]}>
        {LISTS.map(({ key, all, values, labels }) => (
          <Col key={key} xs={24} sm={12} lg={5}>
            <Select
              style={{ width: '100%' }}
              allowClear
              placeholder={t(`audit.${all}`)}
              value={choice[key] ?? undefined}
              onChange={(v?: string) => set(key, v)}
              options={values.map((v) => ({ value: v, label: t(`audit.${labels}.${v}`) }))}
              data-testid={`audit-${key}`}
            />
          </Col>
        ))}
        <Col xs={24} sm={12} lg={5}>
          <Select<string>
            {...personProps}
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
            onChange={(v) => setDates(v)}
            allowEmpty={[true, true]}
            placeholder={[t('audit.from'), t('audit.to')]}
            data-testid="audit-dates"
          />
        </Col>
        <Col xs={24} lg={3}>
          <Button block disabled={!entity && !action && !person && !entityId && !dates} onClick={clear}>
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
  );
}
