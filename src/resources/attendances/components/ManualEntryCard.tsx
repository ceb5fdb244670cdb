// Manual Entry by Employee ID (or e-mail): the box empties once the entry is recorded.
import { Button, Card, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export function ManualEntryCard({ onSubmit }: { onSubmit: (typed: string) => Promise<boolean> }) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const submit = async () => {
    if (await onSubmit(typed)) setTyped('');
  };
  return (
    <Card title={t('attendance.manual.title')}>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          aria-label={t('attendance.manual.placeholder')}
          placeholder={t('attendance.manual.placeholder')}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          onPressEnter={() => void submit()}
        />
        <Button type="primary" onClick={() => void submit()}>
          {t('attendance.manual.submit')}
        </Button>
      </Space.Compact>
      <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
        {t('attendance.manual.help')}
      </Typography.Paragraph>
    </Card>
  );
}
