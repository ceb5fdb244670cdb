// The payroll rule sets: each dated version with its parameters and whether it is in force,
// scheduled or superseded. Admins correct a figure in place, add a new version from a future date
// (a copy of the latest, edited) and withdraw a scheduled one.
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useList } from '@refinedev/core';
import { Alert, Button, Input, Popconfirm, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { useFormat } from '../../../shared/format/index.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NotedTableCard } from '../../../components/table/NotedTableCard.tsx';
import { useFeedback } from '../../../shared/feedback/index.ts';
import { deleteRuleSetVersion, updateRuleSetParams } from '../data.ts';
import { versionStates } from '../versions.ts';
import { VersionTag } from './VersionTag.tsx';
import { NewRuleSetVersion } from './NewRuleSetVersion.tsx';
import { RuleSetModal, useParamsSave } from './RuleSetModal.tsx';

interface RuleSet {
  rule_set: string;
  effective_from: string;
  params: Record<string, unknown>;
  updated_at: string;
}

const nowrap = (v: string) => <span style={{ whiteSpace: 'nowrap' }}>{v}</span>;

export function RuleSetsCard({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const f = useFormat();
  const feedback = useFeedback();
  const [editing, setEditing] = useState<RuleSet | null>(null);
  const [text, setText] = useState('');
  const { problem, setProblem, saving, save: saveParams } = useParamsSave();
  const [adding, setAdding] = useState<RuleSet | null>(null);
  const edit = (r: RuleSet) => {
    setEditing(r);
    setText(JSON.stringify(r.params, null, 2));
    setProblem(null);
  };
  // The database keeps the parameters' shape (names and kinds) and audits the change.
  const save = async () => {
    if (!editing) return;
    const saved = await saveParams(text, (params) =>
      updateRuleSetParams(editing.rule_set, editing.effective_from, params),
    );
    if (!saved) return;
    feedback.success(t('settings.ruleSets.saved'));
    setEditing(null);
    void query.refetch();
  };
  const { result, query } = useList<RuleSet>({
    resource: 'payroll_rule_sets',
    pagination: { mode: 'off' },
    sorters: [
      { field: 'rule_set', order: 'asc' },
      { field: 'effective_from', order: 'desc' },
    ],
    meta: { select: 'rule_set, effective_from, params, updated_at' },
  });
  const rows: RuleSet[] = result.data ?? [];
  const stateOf = versionStates(rows, dayjs().format('YYYY-MM-DD'));
  // The latest version of each rule set (the list is sorted by date, newest first).
  const latest = new Set(rows.filter((r, i) => rows.findIndex((o) => o.rule_set === r.rule_set) === i));
  const withdraw = async (r: RuleSet) => {
    try {
      await deleteRuleSetVersion(r.rule_set, r.effective_from);
    } catch (error) {
      feedback.failure(error);
      return;
    }
    feedback.success(t('settings.ruleSets.withdrawn'));
    void query.refetch();
  };
  return (
    <NotedTableCard<RuleSet>
      texts="settings.ruleSets"
      testId="rule-sets-card"
      rowKey={(r) => `${r.rule_set}@${r.effective_from}`}
      loading={query.isLoading}
      dataSource={rows}
      scroll={{ x: 720 }}
      expandable={{
        expandedRowRender: (r) => (
          <pre style={{ margin: 0, maxHeight: 320, overflow: 'auto', fontSize: 12 }}>
            {JSON.stringify(r.params, null, 2)}
          </pre>
        ),
      }}
      columns={[
        { title: t('settings.ruleSets.ruleSet'), dataIndex: 'rule_set', render: nowrap },
        { title: t('settings.ruleSets.effectiveFrom'), dataIndex: 'effective_from', render: nowrap },
        {
          title: t('settings.ruleSets.status'),
          key: 'state',
          render: (_: unknown, r: RuleSet) => {
            const state = stateOf(r);
            return (
              <VersionTag state={state} testId="rule-set-state">
                {t(`settings.ruleSets.${state}`)}
              </VersionTag>
            );
          },
        },
        {
          title: t('settings.ruleSets.params'),
          dataIndex: 'params',
          render: (p: Record<string, unknown>) => Object.keys(p).length,
        },
        {
          title: t('settings.ruleSets.updatedAt'),
          dataIndex: 'updated_at',
          render: (v: string) => f.date(new Date(v)),
        },
        ...(canEdit
          ? [
              {
                key: 'edit',
                render: (_: unknown, r: RuleSet) => (
                  <Space size={0} wrap>
                    <Button size="small" type="link" icon={<EditOutlined />} onClick={() => edit(r)}>
                      {t('settings.ruleSets.edit')}
                    </Button>
                    {latest.has(r) && (
                      <Button size="small" type="link" icon={<PlusOutlined />} onClick={() => setAdding(r)}>
                        {t('settings.ruleSets.newVersion')}
                      </Button>
                    )}
                    {stateOf(r) === 'scheduled' && (
                      <Popconfirm
                        title={t('settings.ruleSets.withdrawConfirm', {
                          ruleSet: r.rule_set,
                          date: r.effective_from,
                        })}
                        onConfirm={() => withdraw(r)}
                      >
                        <Button size="small" type="link" danger icon={<DeleteOutlined />}>
                          {t('settings.ruleSets.withdraw')}
                        </Button>
                      </Popconfirm>
                    )}
                  </Space>
                ),
              },
            ]
          : []),
      ]}
    >
      <RuleSetModal
        title={editing ? `${editing.rule_set} @ ${editing.effective_from}` : ''}
        open={editing !== null}
        busy={saving}
        onSave={() => void save()}
        onClose={() => setEditing(null)}
      >
        <Typography.Paragraph type="secondary">{t('settings.ruleSets.editNote')}</Typography.Paragraph>
        <Input.TextArea
          aria-label={t('settings.ruleSets.params')}
          value={text}
          onChange={(e) => setText(e.target.value)}
          autoSize={{ minRows: 10, maxRows: 24 }}
          style={{ fontFamily: 'monospace', fontSize: 12 }}
        />
        {problem && <Alert style={{ marginTop: 12 }} type="error" showIcon message={problem} />}
      </RuleSetModal>
      {adding && (
        <NewRuleSetVersion
          ruleSet={adding.rule_set}
          params={adding.params}
          onClose={(date) => {
            const ruleSet = adding.rule_set;
            setAdding(null);
            if (date) {
              feedback.success(t('settings.ruleSets.versionAdded', { ruleSet, date }));
              void query.refetch();
            }
          }}
        />
      )}
    </NotedTableCard>
  );
}
