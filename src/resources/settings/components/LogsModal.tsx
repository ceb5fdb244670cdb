// Security Logs / System Logs: the audit log (audit_log_entries) with who, when and what.
import { Modal, Table, Tag, Typography } from 'antd';
import { useFormat } from '../../../shared/format/index.ts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../../shared/feedback/index.ts';
import { loadAuditLog, type AuditEntry } from '../data.ts';
import { EmptyState } from '../../../components/EmptyState.tsx';

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
            render: (diff: Record<string, unknown>) => (
              <Typography.Text code style={{ fontSize: 11, wordBreak: 'break-all' }}>
                {summarize(diff)}
              </Typography.Text>
            ),
          },
        ]}
      />
    </Modal>
  );
}

/** {"late_threshold":{"old":15,"new":20}} → "late_threshold: 15 → 20". */
function summarize(diff: Record<string, unknown>): string {
  const parts = Object.entries(diff ?? {}).map(([k, v]) => {
    if (v && typeof v === 'object' && 'old' in v && 'new' in v) {
      const { old, new: next } = v as { old: unknown; new: unknown };
      return `${k}: ${short(old)} → ${short(next)}`;
    }
    return `${k}: ${short(v)}`;
  });
  return parts.join('; ') || '—';
}

const short = (v: unknown) => {
  const s = typeof v === 'string' ? v : JSON.stringify(v);
  return s && s.length > 80 ? `${s.slice(0, 77)}…` : s;
};
