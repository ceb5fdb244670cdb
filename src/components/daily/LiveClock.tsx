// The live clock of the daily screens: ticks every second, 12-hour time with seconds and the long
// date with the weekday, in the screen's language.
import { Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

export function useNow(intervalMs = 1000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}

export function LiveClock({ compact = false }: { compact?: boolean }) {
  const { i18n } = useTranslation();
  const now = useNow();
  const locale = i18n.language.startsWith('fr') ? 'fr-FR' : 'en-US';
  const time = now.toLocaleTimeString(locale, {
    hour: 'numeric',
    minute: '2-digit',
    second: '2-digit',
    hour12: true,
  });
  const date = now.toLocaleDateString(locale, {
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  });
  return (
    <div data-testid="live-clock" style={{ textAlign: compact ? 'right' : 'center' }}>
      <Typography.Text strong style={{ fontSize: compact ? 18 : 28, display: 'block' }}>
        {time}
      </Typography.Text>
      <Typography.Text type="secondary">{date}</Typography.Text>
    </div>
  );
}
