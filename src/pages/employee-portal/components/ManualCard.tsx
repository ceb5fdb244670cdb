// Manual Attendance: one's own employee ID or e-mail checks one in.
import { Button, Card, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** `onMark` resolves true when the box may be cleared (one's own ID was recorded). */
export function ManualCard({ onMark }: { onMark: (typed: string) => Promise<boolean> }) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const mark = () => void onMark(typed).then((clear) => clear && setTyped(''));
  return (
    <Card title={t('portal.manual.title')} style={{ height: '100%' }}>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          aria-label={t('portal.manual.placeholder')}
          placeholder={t('portal.manual.placeholder')}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          onPressEnter={mark}
        />
        <Button type="primary" onClick={mark}>
          {t('portal.manual.mark')}
        </Button>
      </Space.Compact>
      <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
        {t('portal.manual.help')}
      </Typography.Paragraph>
    </Card>
  );
}
