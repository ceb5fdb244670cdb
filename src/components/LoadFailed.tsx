// What a screen shows when its list could not be read: what failed, and why in the reader's words.
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { describeError } from '../shared/feedback/index.ts';

export function LoadFailed({ title, error }: { title: string; error: unknown }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="error"
      showIcon
      style={{ marginBottom: 16 }}
      message={title}
      description={describeError(t, error)}
    />
  );
}
