// The ACH originator of each US site: the company and bank (ODFI) its NACHA payment files name
// (issue 29 item 5). Admins set it here; without one the database refuses to make the site's ACH
// file (payment.originator_missing). RLS: admins write, admins and HR read; the table's trigger
// audits every change.
import { useCreate, useList, useUpdate } from '@refinedev/core';
import { Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { validWhen } from '../../../components/form/validWhen.ts';
import { NotedTableCard } from '../../../components/table/NotedTableCard.tsx';
import { FormModal } from '../../../components/FormModal.tsx';
import { editColumns } from '../../../components/table/editColumns.tsx';
import { abaRoutingValid } from '../../../domain/payments/accounts.ts';
import { useFeedback } from '../../../shared/feedback/index.ts';

interface UsSite {
  id: string;
  name: string;
}
interface Originator {
  id: string;
  site_id: string;
  company_name: string;
  company_id: string;
  odfi_routing: string;
  odfi_name: string;
}
type OriginatorValues = Omit<Originator, 'id' | 'site_id'>;

export function AchOriginatorCard({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const [editing, setEditing] = useState<UsSite | null>(null);
  const [form] = Form.useForm<OriginatorValues>();
  const sites = useList<UsSite>({
    resource: 'sites',
    pagination: { mode: 'off' },
    filters: [{ field: 'country', operator: 'eq', value: 'US' }],
    sorters: [{ field: 'name', order: 'asc' }],
  });
  const originators = useList<Originator>({ resource: 'payment_originators', pagination: { mode: 'off' } });
  const { mutateAsync: create, mutation: creating } = useCreate();
  const { mutateAsync: update, mutation: updating } = useUpdate();
  const originatorOf = (siteId: string) => originators.result.data.find((o) => o.site_id === siteId);
  const notSet = <Typography.Text type="secondary">{t('payments.originator.notSet')}</Typography.Text>;

  const openEditor = (site: UsSite) => {
    const current = originatorOf(site.id);
    form.setFieldsValue({
      company_name: current?.company_name ?? '',
      company_id: current?.company_id ?? '',
      odfi_routing: current?.odfi_routing ?? '',
      odfi_name: current?.odfi_name ?? '',
    });
    setEditing(site);
  };
  const save = async (values: OriginatorValues) => {
    if (!editing) return;
    const row = {
      company_name: values.company_name.trim(),
      company_id: values.company_id.toUpperCase(),
      odfi_routing: values.odfi_routing.trim(),
      odfi_name: values.odfi_name.trim(),
    };
    const current = originatorOf(editing.id);
    const quiet = { successNotification: false, errorNotification: false } as const;
    try {
      if (current) await update({ resource: 'payment_originators', id: current.id, values: row, ...quiet });
      else
        await create({ resource: 'payment_originators', values: { ...row, site_id: editing.id }, ...quiet });
    } catch (error) {
      feedback.failure(error, t('payments.originator.failed'));
      return;
    }
    feedback.success(t('payments.originator.saved'), editing.name);
    setEditing(null);
  };
  const required = { required: true, whitespace: true, message: t('payments.originator.required') };

  return (
    <NotedTableCard<UsSite>
      title={t('payments.originator.title')}
      note={t('payments.originator.note')}
      testId="ach-originator-card"
      loading={sites.query.isLoading || originators.query.isLoading}
      dataSource={sites.result.data}
      scroll={{ x: 640 }}
      columns={[
        { title: t('payments.originator.site'), dataIndex: 'name' },
        {
          title: t('payments.originator.companyName'),
          render: (_, s) => originatorOf(s.id)?.company_name ?? notSet,
        },
        {
          title: t('payments.originator.companyId'),
          render: (_, s) => originatorOf(s.id)?.company_id ?? '—',
        },
        {
          title: t('payments.originator.odfiName'),
          render: (_, s) => {
            const o = originatorOf(s.id);
            return o ? `${o.odfi_name} (${o.odfi_routing})` : '—';
          },
        },
        ...editColumns(
          canEdit,
          (s: UsSite) => (originatorOf(s.id) ? t('payments.originator.edit') : t('payments.originator.set')),
          openEditor,
          120,
        ),
      ]}
    >
      <FormModal<OriginatorValues>
        form={form}
        title={t('payments.originator.dialogTitle', { site: editing?.name ?? '' })}
        open={editing !== null}
        onClose={() => setEditing(null)}
        onFinish={(v) => void save(v)}
        okText={t('payments.originator.save')}
        cancelText={t('payments.originator.cancel')}
        busy={creating.isPending || updating.isPending}
        keep
        formProps={{ name: 'ach-originator' }}
      >
        <Form.Item name="company_name" label={t('payments.originator.companyName')} rules={[required]}>
          <Input maxLength={16} aria-label={t('payments.originator.companyName')} />
        </Form.Item>
        <Form.Item
          name="company_id"
          label={t('payments.originator.companyId')}
          extra={t('payments.originator.companyIdHelp')}
          rules={[
            required,
            { pattern: /^[0-9A-Za-z ]{10}$/, message: t('payments.originator.companyIdInvalid') },
          ]}
        >
          <Input maxLength={10} aria-label={t('payments.originator.companyId')} />
        </Form.Item>
        <Form.Item
          name="odfi_routing"
          label={t('payments.originator.odfiRouting')}
          rules={[
            required,
            validWhen((value) => abaRoutingValid(value.trim()), t('payments.originator.routingInvalid')),
          ]}
        >
          <Input maxLength={9} inputMode="numeric" aria-label={t('payments.originator.odfiRouting')} />
        </Form.Item>
        <Form.Item name="odfi_name" label={t('payments.originator.odfiName')} rules={[required]}>
          <Input maxLength={23} aria-label={t('payments.originator.odfiName')} />
        </Form.Item>
      </FormModal>
    </NotedTableCard>
  );
}
