// Public holidays per country and year; an admin adds and edits them (e.g. the moon-dated
// holidays of Burkina Faso, announced each year).
import { PlusOutlined } from '@ant-design/icons';
import { useCreate, useList, useUpdate } from '@refinedev/core';
import { Button, Card, Form, Input, Segmented, Select, Space, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal, useRowEditor } from '../../../components/FormModal.tsx';
import { editColumns } from '../../../components/table/editColumns.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { refineToasts } from '../../../shared/feedback/index.ts';

interface Holiday {
  id: string;
  country: 'US' | 'BF';
  date: string;
  name: string;
}
type HolidayValues = Pick<Holiday, 'date' | 'name'>;

export function HolidaysCard({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const [country, setCountry] = useState<'US' | 'BF'>('BF');
  const [year, setYear] = useState(dayjs().year());
  const editor = useRowEditor<Holiday | 'new', HolidayValues>();
  const { editing } = editor;
  const { mutateAsync: create, mutation: createState } = useCreate();
  const { mutateAsync: update, mutation: updateState } = useUpdate();
  const { result, query } = useList<Holiday>({
    resource: 'holidays',
    pagination: { mode: 'off' },
    filters: [
      { field: 'country', operator: 'eq', value: country },
      { field: 'date', operator: 'gte', value: `${year}-01-01` },
      { field: 'date', operator: 'lte', value: `${year}-12-31` },
    ],
    sorters: [{ field: 'date', order: 'asc' }],
  });

  const openEditor = (holiday: Holiday | 'new') =>
    editor.open(holiday, holiday === 'new' ? { date: `${year}-01-01`, name: '' } : holiday);
  const notifications = refineToasts({ message: t('settings.holidays.saved') }, (error) => ({
    message: t('settings.holidays.failed'),
    description: error?.message,
  }));
  const save = async (values: HolidayValues) => {
    const fields = { date: values.date, name: values.name.trim() };
    if (editing === 'new')
      await create({ resource: 'holidays', values: { ...fields, country }, ...notifications });
    else if (editing)
      await update({ resource: 'holidays', id: editing.id, values: fields, ...notifications });
    editor.close();
  };

  const years = [year - 1, year, year + 1].map((y) => ({ value: y, label: String(y) }));
  return (
    <Card
      title={t('settings.holidays.title')}
      data-testid="holidays-card"
      extra={
        canEdit && (
          <Button icon={<PlusOutlined />} onClick={() => openEditor('new')}>
            {t('settings.holidays.add')}
          </Button>
        )
      }
    >
      <Space wrap style={{ marginBottom: 12 }}>
        <Segmented
          value={country}
          onChange={(v) => setCountry(v as 'US' | 'BF')}
          options={(['BF', 'US'] as const).map((c) => ({ value: c, label: t(`settings.countries.${c}`) }))}
        />
        <Select
          aria-label={t('settings.holidays.year')}
          value={year}
          onChange={setYear}
          options={years}
          style={{ width: 100 }}
        />
      </Space>
      <Typography.Paragraph type="secondary">{t('settings.holidays.note')}</Typography.Paragraph>
      <Table<Holiday>
        rowKey="id"
        size="small"
        loading={query.isLoading}
        dataSource={result.data}
        pagination={false}
        scroll={{ y: 320 }}
        locale={{ emptyText: <EmptyState text={t('settings.holidays.empty')} /> }}
        columns={[
          { title: t('settings.holidays.date'), dataIndex: 'date', width: 120 },
          { title: t('settings.holidays.name'), dataIndex: 'name' },
          ...editColumns<Holiday>(canEdit, () => t('settings.holidays.edit'), openEditor),
        ]}
      />
      <FormModal
        {...editor.modal}
        title={t(editing === 'new' ? 'settings.holidays.addTitle' : 'settings.holidays.editTitle')}
        onFinish={save}
        okText={t('settings.holidays.save')}
        busy={createState.isPending || updateState.isPending}
        formProps={{ requiredMark: false }}
      >
        <Form.Item
          label={t('settings.holidays.date')}
          name="date"
          rules={[{ required: true, message: t('settings.holidays.dateRequired') }]}
        >
          <Input type="date" />
        </Form.Item>
        <Form.Item
          label={t('settings.holidays.name')}
          name="name"
          rules={[{ required: true, whitespace: true, message: t('settings.holidays.nameRequired') }]}
        >
          <Input maxLength={120} />
        </Form.Item>
      </FormModal>
    </Card>
  );
}
