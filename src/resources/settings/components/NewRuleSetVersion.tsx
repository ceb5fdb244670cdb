// A new dated version of a payroll rule set (admins): a copy of the latest figures, edited, taking
// effect from a date after today, through add_rule_set_version (same shape, audited).
import { Alert, DatePicker, Form, Input, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addRuleSetVersion } from '../data.ts';
import { RuleSetModal, useParamsSave } from './RuleSetModal.tsx';

export function NewRuleSetVersion({
  ruleSet,
  params,
  onClose,
}: {
  ruleSet: string;
  params: Record<string, unknown>;
  onClose: (added: string | null) => void;
}) {
  const { t } = useTranslation();
  const [from, setFrom] = useState<Dayjs | null>(null);
  const [text, setText] = useState(() => JSON.stringify(params, null, 2));
  const { problem, setProblem, saving, save: saveParams } = useParamsSave();

  const save = async () => {
    if (!from) {
      setProblem(t('settings.ruleSets.effectiveFromRequired'));
      return;
    }
    const date = from.format('YYYY-MM-DD');
    if (await saveParams(text, (params) => addRuleSetVersion(ruleSet, date, params))) onClose(date);
  };

  return (
    <RuleSetModal
      title={t('settings.ruleSets.newVersionTitle', { ruleSet })}
      busy={saving}
      onSave={() => void save()}
      onClose={() => onClose(null)}
    >
      <Typography.Paragraph type="secondary">{t('settings.ruleSets.newVersionNote')}</Typography.Paragraph>
      <Form layout="vertical">
        <Form.Item label={t('settings.ruleSets.effectiveFrom')} htmlFor="rule-set-effective-from" required>
          <DatePicker
            id="rule-set-effective-from"
            value={from}
            onChange={(d) => {
              setFrom(d);
              setProblem(null);
            }}
            disabledDate={(d) => !d.isAfter(dayjs(), 'day')}
            format="YYYY-MM-DD"
            style={{ width: 200 }}
          />
        </Form.Item>
        <Form.Item label={t('settings.ruleSets.params')} htmlFor="rule-set-new-params">
          <Input.TextArea
            id="rule-set-new-params"
            value={text}
            onChange={(e) => setText(e.target.value)}
            autoSize={{ minRows: 10, maxRows: 20 }}
            style={{ fontFamily: 'monospace', fontSize: 12 }}
          />
        </Form.Item>
      </Form>
      {problem && <Alert type="error" showIcon message={problem} />}
    </RuleSetModal>
  );
}
