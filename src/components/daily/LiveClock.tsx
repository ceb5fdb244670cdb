// The live clock of the daily screens: ticks every second, 12-hour time with seconds (24-hour in
// French, as French readers expect) and the long date with the weekday, in the screen's language.
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

// Building an Intl formatter costs milliseconds (locale data); the clock formats twice a second per
// clock, so each language's formatters are built once.
const formatters = new Map<string, { time: Intl.DateTimeFormat; date: Intl.DateTimeFormat }>();
function formattersFor(locale: string) {
  let found = formatters.get(locale);
  if (!found) {
    found = {
      time: new Intl.DateTimeFormat(locale, {
        hour: 'numeric',
        minute: '2-digit',
        second: '2-digit',
        hour12: !locale.startsWith('fr'),
      }),
      date: new Intl.DateTimeFormat(locale, {
        weekday: 'long',
        year: 'numeric',
        month: 'long',
        day: 'numeric',
      }),
    };
    formatters.set(locale, found);
  }
  return found;
}

export function LiveClock({ compact = false }: { compact?: boolean }) {
  const { i18n } = useTranslation();
  const now = useNow();
  const format = formattersFor(i18n.language.startsWith('fr') ? 'fr-FR' : 'en-US');
  const time = format.time.format(now);
  const date = format.date.format(now);
  return (
    <div data-testid="live-clock" style={{ textAlign: compact ? 'right' : 'center' }}>
      <Typography.Text strong style={{ fontSize: compact ? 18 : 28, display: 'block' }}>
        {time}
      </Typography.Text>
      <Typography.Text type="secondary">{date}</Typography.Text>
    </div>
  );
}
