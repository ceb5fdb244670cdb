// An audit row's diff, field by field: old → new for a change, the value for a recorded field. The
// field's name is translated, values read as words (yes/no, codes, dates and numbers in the
// reader's way); names and free text are the record's own data (translate="no").
import { ArrowRightOutlined } from '@ant-design/icons';
import { Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { diffLines, fieldLabel } from './diff.ts';

export function Diff({ diff }: { diff: unknown }) {
  const { t, i18n } = useTranslation();
  const reader = { t, language: i18n.language };
  const lines = diffLines(diff, reader);
  return (
    <Space direction="vertical" size={2} data-testid="audit-diff">
      {lines.map((l) => (
        <span key={l.field} data-testid={`diff-${l.field}`}>
          <Typography.Text type="secondary">{fieldLabel(l.field, reader)}: </Typography.Text>
          {l.changed ? (
            <>
              <Typography.Text delete type="danger" translate="no">
                {l.old}
              </Typography.Text>{' '}
              <ArrowRightOutlined style={{ fontSize: 10 }} />{' '}
              <Typography.Text type="success" strong translate="no">
                {l.new}
              </Typography.Text>
            </>
          ) : (
            <Typography.Text translate="no">{l.value}</Typography.Text>
          )}
        </span>
      ))}
    </Space>
  );
}
