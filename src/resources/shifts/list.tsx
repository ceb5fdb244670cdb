// /shifts-management: counters, the shift form, shift cards with search, and a week view per site.
import { useDelete, useGetIdentity, useInvalidate, useList } from '@refinedev/core';
import { Button, Card, Col, Row, Space } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ScreenColumn } from '../../components/ScreenHeader.tsx';
import { mayDo } from '../../domain/access/roles.ts';
import type { Identity } from '../../providers/identity.ts';
import { describeError } from '../../shared/feedback/index.ts';
import { Counters } from './components/Counters.tsx';
import { ShiftCard } from './components/ShiftCard.tsx';
import { ShiftForm, type Option } from './components/ShiftForm.tsx';
import { WeekView } from './components/WeekView.tsx';
import { SHIFT_SELECT, toShiftRow, useShiftCounters, type ShiftRecord } from './data.ts';
import { searchShifts, type ShiftRow } from './week.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { SearchBox } from '../../components/SearchBox.tsx';

export function ShiftList() {
  const { t } = useTranslation();
  const { data: identity } = useGetIdentity<Identity | null>();
  const canEdit = mayDo('shifts.edit', identity?.role);
  const invalidate = useInvalidate();
  const { mutate: remove } = useDelete();
  const [editing, setEditing] = useState<ShiftRow | null>(null);
  const [query, setQuery] = useState('');
  const [fresh, setFresh] = useState(0);

  const { result: shiftResult, query: shiftQuery } = useList<ShiftRecord>({
    resource: 'shifts',
    pagination: { mode: 'off' },
    sorters: [{ field: 'start_time', order: 'asc' }],
    meta: { select: SHIFT_SELECT },
    liveMode: 'auto',
  });
  const { result: sitesResult } = useList<{ id: string; name: string }>({
    resource: 'sites',
    pagination: { mode: 'off' },
    sorters: [{ field: 'name', order: 'asc' }],
  });
  const { result: employeesResult } = useList<{ id: string; first_name: string; last_name: string }>({
    resource: 'employees',
    pagination: { mode: 'off' },
    filters: [
      { field: 'status', operator: 'eq', value: 'active' },
      { field: 'role', operator: 'ne', value: 'kiosk' },
    ],
    sorters: [{ field: 'first_name', order: 'asc' }],
    meta: { select: 'id, first_name, last_name' },
    queryOptions: { enabled: canEdit },
  });

  const shifts = useMemo(() => shiftResult.data.map(toShiftRow), [shiftResult.data]);
  const sites: Option[] = sitesResult.data.map((s) => ({ value: s.id, label: s.name }));
  const siteName = (id: string | null) => sitesResult.data.find((s) => s.id === id)?.name ?? null;
  const employees: Option[] = employeesResult.data.map((e) => ({
    value: e.id,
    label: `${e.first_name} ${e.last_name}`.trim(),
  }));
  const shown = searchShifts(shifts, query);

  // The counters follow every change of the list (live events included).
  const counters = useShiftCounters(shiftQuery.dataUpdatedAt).data ?? null;

  const refresh = () => {
    void invalidate({ resource: 'shifts', invalidates: ['list'] });
    setEditing(null);
  };

  const onDelete = (shift: ShiftRow) =>
    remove(
      {
        resource: 'shifts',
        id: shift.id,
        successNotification: () => ({ type: 'success', message: t('shifts.deleted') }),
        errorNotification: (error) => ({
          type: 'error',
          message: t('shifts.errorDeleting'),
          description: describeError(t, error),
        }),
      },
      { onSuccess: () => editing?.id === shift.id && setEditing(null) },
    );

  const cards = (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <SearchBox label={t('shifts.search')} value={query} onChange={(e) => setQuery(e.target.value)} />
      {shown.length === 0 ? (
        <EmptyState text={shifts.length ? t('shifts.noMatch') : t('shifts.none')} />
      ) : (
        <Row gutter={[16, 16]}>
          {shown.map((shift) => (
            <Col key={shift.id} xs={24} xl={12}>
              <ShiftCard
                shift={shift}
                siteName={siteName(shift.site_id)}
                canEdit={canEdit}
                onEdit={() => setEditing(shift)}
                onDelete={() => onDelete(shift)}
              />
            </Col>
          ))}
        </Row>
      )}
    </Space>
  );

  return (
    <ScreenColumn
      title={t('shifts.title')}
      subtitle={canEdit ? t('shifts.subtitle') : t('shifts.readOnly')}
      actions={
        canEdit && (
          <Button
            type="primary"
            onClick={() => {
              setEditing(null);
              setFresh((n) => n + 1);
            }}
          >
            {t('shifts.addShift')}
          </Button>
        )
      }
    >
      <Counters counters={counters} />
      <Row gutter={[16, 16]}>
        {canEdit && (
          <Col xs={24} lg={9}>
            <ShiftForm
              key={editing?.id ?? `new-${fresh}`}
              editing={editing}
              employees={employees}
              sites={sites}
              onDone={refresh}
            />
          </Col>
        )}
        <Col xs={24} lg={canEdit ? 15 : 24}>
          {cards}
        </Col>
      </Row>
      <Card title={t('shifts.week.title')} data-testid="week-card">
        <WeekView shifts={shown} sites={sites} />
      </Card>
    </ScreenColumn>
  );
}
