// The kiosk's result card: what happened, to whom, and the record's times and hours (the PIN panel
// shows its answer in the same card, without a record).
import { useTranslation } from 'react-i18next';
import type { ResultView } from '../result.ts';

export function ResultCard({
  result,
  language,
  testId = 'kiosk-result',
}: {
  result: Omit<ResultView, 'status'>;
  language: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const time = (iso: string | null | undefined) =>
    iso ? new Date(iso).toLocaleTimeString(language, { hour: '2-digit', minute: '2-digit' }) : '—';
  const record = result.record;
  return (
    <section className="kiosk-result" data-tone={result.tone} data-testid={testId} aria-live="assertive">
      <h2>{result.title}</h2>
      <p className="kiosk-detail">{result.detail}</p>
      {result.name && (
        <dl>
          <div>
            <dt>{t('kiosk.card.employee')}</dt>
            <dd data-testid="kiosk-result-name">{result.name}</dd>
          </div>
          {record && (
            <>
              <div>
                <dt>{t('kiosk.card.checkIn')}</dt>
                <dd>{time(record.check_in)}</dd>
              </div>
              <div>
                <dt>{t('kiosk.card.checkOut')}</dt>
                <dd>{time(record.check_out)}</dd>
              </div>
              <div>
                <dt>{t('kiosk.card.totalHours')}</dt>
                <dd data-testid="kiosk-result-hours">
                  {record.total_hours === null ? '—' : Number(record.total_hours).toFixed(2)}
                </dd>
              </div>
              <div>
                <dt>{t('kiosk.card.status')}</dt>
                <dd>{t(`kiosk.card.${record.status}`)}</dd>
              </div>
            </>
          )}
        </dl>
      )}
    </section>
  );
}
