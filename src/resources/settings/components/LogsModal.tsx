// Security Logs / System Logs: the audit log (audit_log_entries) with who, when and what.
import { Modal, Table, Tag, Typography } from 'antd';
import { useFormat } from '../../../shared/format/index.ts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../../shared/feedback/index.ts';
import { loadAuditLog, type AuditEntry } from '../data.ts';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { Diff } from '../../../features/audit-diff/index.ts';

export function LogsModal({ kind, onClose }: { kind: 'security' | 'system' | null; onClose: () => void }) {
  const { t } = useTranslation();
  const f = useFormat();
  const [entries, setEntries] = useState<AuditEntry[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!kind) return;
    let current = true;
    setEntries(null);
    setError(null);
    loadAuditLog(kind)
      .then((rows) => current && setEntries(rows))
      .catch((e: unknown) => current && setError(describeError(t, e)));
    return () => {
      current = false;
    };
  }, [kind]);

  return (
    <Modal
      title={kind ? t(`settings.logs.${kind}`) : ''}
      open={kind !== null}
      onCancel={onClose}
      footer={null}
      width={960}
      destroyOnHidden
    >
      {error && <Typography.Text type="danger">{error}</Typography.Text>}
      <Table<AuditEntry>
        data-testid="audit-log"
        rowKey="id"
        size="small"
        loading={entries === null && !error}
        dataSource={entries ?? []}
        pagination={{ pageSize: 10, showSizeChanger: false }}
        locale={{ emptyText: <EmptyState text={t('settings.logs.empty')} /> }}
        scroll={{ x: 720 }}
        columns={[
          {
            title: t('settings.logs.when'),
            dataIndex: 'created_at',
            width: 170,
            render: (v: string) => f.dateTime(v, null, { seconds: true }),
          },
          {
            title: t('settings.logs.who'),
            dataIndex: 'actor_name',
            width: 160,
            render: (v: string | null) => v ?? t('settings.logs.system_actor'),
          },
          {
            title: t('settings.logs.what'),
            key: 'what',
            width: 220,
            render: (_, e) => (
              <>
                <Tag>{t(`audit.entities.${e.entity}`, { defaultValue: e.entity })}</Tag>
                <Typography.Text strong>
                  {t(`audit.actions.${e.action}`, { defaultValue: e.action })}
                </Typography.Text>
              </>
            ),
          },
          {
            title: t('settings.logs.details'),
            dataIndex: 'diff',
            // Field names and values as people read them (never the stored JSON).
            render: (diff: unknown) => <Diff diff={diff} />,
          },
        ]}
      />
    </Modal>
  );
}
