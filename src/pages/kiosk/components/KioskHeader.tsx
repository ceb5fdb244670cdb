// The kiosk's title and clock (time and date in the kiosk's language, ticking every second).
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

export function KioskHeader({ language }: { language: string }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return (
    <header className="kiosk-header">
      <h1>{t('kiosk.title')}</h1>
      <div className="kiosk-clock">
        <span className="kiosk-time">
          {now.toLocaleTimeString(language, { hour: '2-digit', minute: '2-digit' })}
        </span>
        <span className="kiosk-date">
          {now.toLocaleDateString(language, { weekday: 'long', day: 'numeric', month: 'long' })}
        </span>
      </div>
    </header>
  );
}
