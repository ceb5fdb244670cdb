// The sites with their country, time zone, currency, postal address, (US) state and (Burkina Faso)
// employer CNSS number; admins edit the address, the state (which picks the state income tax a
// payroll withholds, e.g. IL-700-T) and the CNSS number, which payslips print (RLS: admins write sites;
// every change is audited by the table's trigger).
import { useList, useUpdate } from '@refinedev/core';
import { Form, Input, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { NotedTableCard } from '../../../components/table/NotedTableCard.tsx';
import { FormModal, useRowEditor } from '../../../components/FormModal.tsx';
import { LabelledInput } from '../../../components/form/LabelledInput.tsx';
import { editColumns } from '../../../components/table/editColumns.tsx';
import { refineToasts } from '../../../shared/feedback/index.ts';

interface Site {
  id: string;
  name: string;
  country: 'US' | 'BF';
  time_zone: string;
  currency: string;
  address: string | null;
  cnss_employer_number: string | null;
  state: string | null;
}
interface SiteValues {
  address?: string;
  state?: string;
  cnss_employer_number?: string;
}

export function SitesCard({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const editor = useRowEditor<Site, SiteValues>();
  const { editing } = editor;
  const { mutateAsync: update, mutation } = useUpdate();
  const { result, query } = useList<Site>({
    resource: 'sites',
    pagination: { mode: 'off' },
    sorters: [{ field: 'name', order: 'asc' }],
  });
  const notSet = <Typography.Text type="secondary">{t('settings.sites.notSet')}</Typography.Text>;

  const openEditor = (site: Site) =>
    editor.open(site, {
      address: site.address ?? '',
      cnss_employer_number: site.cnss_employer_number ?? '',
      state: site.state ?? '',
    });
  const save = async (values: SiteValues) => {
    if (!editing) return;
    const text = (v: string | undefined) => (v ?? '').trim() || null;
    await update({
      resource: 'sites',
      id: editing.id,
      values: {
        address: text(values.address),
        ...(editing.country === 'BF' ? { cnss_employer_number: text(values.cnss_employer_number) } : {}),
        ...(editing.country === 'US' ? { state: text(values.state)?.toUpperCase() ?? null } : {}),
      },
      ...refineToasts({ message: t('settings.sites.saved') }, (error) => ({
        message: t('settings.sites.failed'),
        description: error?.message,
      })),
    });
    editor.close();
  };

  return (
    <NotedTableCard<Site>
      texts="settings.sites"
      testId="sites-card"
      loading={query.isLoading}
      dataSource={result.data}
      scroll={{ x: 720 }}
      columns={[
        { title: t('settings.sites.name'), dataIndex: 'name' },
        {
          title: t('settings.sites.country'),
          dataIndex: 'country',
          render: (c: Site['country']) => t(`settings.countries.${c}`),
        },
        { title: t('settings.sites.timeZone'), dataIndex: 'time_zone' },
        {
          title: t('settings.sites.currency'),
          dataIndex: 'currency',
          render: (c: string) => <Tag>{c}</Tag>,
        },
        {
          title: t('settings.sites.address'),
          dataIndex: 'address',
          render: (a: string | null) => (a ? <span data-testid="site-address">{a}</span> : notSet),
        },
        {
          title: t('payRules.site.state'),
          dataIndex: 'state',
          render: (v: string | null, s) => (s.country !== 'US' ? '—' : v ? v : notSet),
        },
        {
          title: t('settings.sites.cnssEmployer'),
          dataIndex: 'cnss_employer_number',
          render: (n: string | null, s) => (s.country !== 'BF' ? '—' : n ? n : notSet),
        },
        ...editColumns<Site>(canEdit, () => t('settings.sites.edit'), openEditor),
      ]}
    >
      <FormModal<SiteValues>
        {...editor.modal}
        title={t('settings.sites.editTitle', { name: editing?.name ?? '' })}
        onFinish={(v) => void save(v)}
        okText={t('settings.sites.save')}
        busy={mutation.isPending}
      >
        <Form.Item name="address" label={t('settings.sites.address')}>
          <Input.TextArea rows={2} maxLength={300} aria-label={t('settings.sites.address')} />
        </Form.Item>
        {editing?.country === 'US' && (
          <LabelledInput
            name="state"
            label={t('payRules.site.state')}
            help={t('payRules.site.stateNote')}
            rules={[{ pattern: /^[A-Za-z]{2}$/, message: t('payRules.site.stateInvalid') }]}
            maxLength={2}
            style={{ width: 80 }}
          />
        )}
        {editing?.country === 'BF' && (
          <LabelledInput
            name="cnss_employer_number"
            label={t('settings.sites.cnssEmployer')}
            help={t('settings.sites.cnssEmployerNote')}
            rules={[
              { pattern: /^[0-9A-Za-z][0-9A-Za-z /-]{0,29}$/, message: t('settings.sites.cnssInvalid') },
            ]}
            maxLength={30}
          />
        )}
      </FormModal>
    </NotedTableCard>
  );
}
