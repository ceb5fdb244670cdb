// The ACH originator of each US site: the company and bank (ODFI) its NACHA payment files name
// (issue 29 item 5). Admins set it here; without one the database refuses to make the site's ACH
// file (payment.originator_missing). RLS: admins write, admins and HR read; the table's trigger
// audits every change.
import { useCreate, useList, useUpdate } from '@refinedev/core';
import { Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { LabelledInput } from '../../../components/form/LabelledInput.tsx';
import { validWhen } from '../../../components/form/validWhen.ts';
import { NotedTableCard } from '../../../components/table/NotedTableCard.tsx';
import { FormModal, useRowEditor } from '../../../components/FormModal.tsx';
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
/** One field of the dialog: its column, its text keys under payments.originator, its input's limits. */
interface OriginatorField {
  name: keyof OriginatorValues;
  label: string;
  help?: string;
  maxLength: number;
  inputMode?: 'numeric';
  rules?: Rule[];
}

export function AchOriginatorCard({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const editor = useRowEditor<UsSite, OriginatorValues>();
  const { editing } = editor;
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
    editor.open(site, {
      company_name: current?.company_name ?? '',
      company_id: current?.company_id ?? '',
      odfi_routing: current?.odfi_routing ?? '',
      odfi_name: current?.odfi_name ?? '',
    });
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
    editor.close();
  };
  const required = t('payments.originator.required');
  // The originator's fields, each as wide as the NACHA file's field it fills.
  const fields: OriginatorField[] = [
    { name: 'company_name', label: 'companyName', maxLength: 16 },
    {
      name: 'company_id',
      label: 'companyId',
      help: 'companyIdHelp',
      maxLength: 10,
      rules: [{ pattern: /^[0-9A-Za-z ]{10}$/, message: t('payments.originator.companyIdInvalid') }],
    },
    {
      name: 'odfi_routing',
      label: 'odfiRouting',
      maxLength: 9,
      inputMode: 'numeric',
      rules: [validWhen((value) => abaRoutingValid(value.trim()), t('payments.originator.routingInvalid'))],
    },
    { name: 'odfi_name', label: 'odfiName', maxLength: 23 },
  ];

  return (
    <NotedTableCard<UsSite>
      texts="payments.originator"
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
        {...editor.modal}
        title={t('payments.originator.dialogTitle', { site: editing?.name ?? '' })}
        onFinish={(v) => void save(v)}
        okText={t('payments.originator.save')}
        cancelText={t('payments.originator.cancel')}
        busy={creating.isPending || updating.isPending}
        formProps={{ name: 'ach-originator' }}
      >
        {fields.map(({ label, help, ...field }) => (
          <LabelledInput
            key={field.name}
            label={t(`payments.originator.${label}`)}
            help={help && t(`payments.originator.${help}`)}
            required={required}
            {...field}
          />
        ))}
      </FormModal>
    </NotedTableCard>
  );
}
