// The live preview: overtime pay (by premium band for bf-2026), gross, every deduction line and net,
// in the structure's currency.
import { Alert, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PayOutput } from '../../domain/payroll/index.ts';
import { formatMoney } from '../../shared/format/index.ts';

export function PreviewPanel({ preview, currency }: { preview: PayOutput | null; currency: string }) {
  const { t, i18n } = useTranslation();
  const money = (v: string | undefined) => formatMoney(v ?? '0', currency, i18n.language);
  /** A line named by its text under salary.preview, with its amount. */
  const line = (text: string, amount: string | undefined, id: string, strong?: boolean) => (
    <PreviewLine label={t(`salary.preview.${text}`)} value={money(amount)} id={id} strong={strong} />
  );
  return (
    <div
      data-testid="salary-preview"
      style={{ background: 'rgba(0,0,0,0.02)', padding: 12, borderRadius: 8 }}
    >
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {t('salary.preview.title')} ({currency})
      </Typography.Title>
      {preview ? (
        <table style={{ width: '100%', fontSize: 14 }}>
          <tbody>
            {line('basicPay', preview.basic_pay, 'basic_pay')}
            {line('overtimePay', preview.overtime_pay, 'overtime_pay')}
            {preview.overtime_lines?.map((band) => (
              <PreviewLine
                key={band.band}
                label={`· ${t('salary.preview.overtimeBand', {
                  hours: formatHours(band.hours, i18n.language),
                  premium: formatPercent(band.premium, i18n.language),
                })}`}
                value={money(band.amount)}
                id={`overtime-${band.band}`}
                minor
              />
            ))}
            {preview.overtime_premium !== '0' &&
              Number(preview.overtime_premium) !== 0 &&
              line('overtimePremium', preview.overtime_premium, 'overtime_premium')}
            {line('allowances', preview.allowances_total, 'allowances')}
            {line('gross', preview.gross, 'gross', true)}
            {Object.entries(preview.deductions).map(([name, amount]) => (
              <PreviewLine
                key={name}
                label={t(`salary.deduction.${name}`, { defaultValue: name })}
                value={`− ${money(amount)}`}
                id={`deduction-${name}`}
              />
            ))}
            {line('totalDeductions', preview.total_deductions, 'total_deductions')}
            {preview.iuts_base !== undefined && line('iutsBase', preview.iuts_base, 'iuts_base')}
            {line('net', preview.net, 'net', true)}
          </tbody>
        </table>
      ) : (
        <Typography.Text type="secondary">{t('salary.preview.invalid')}</Typography.Text>
      )}
      {preview?.warnings.includes('below_smig') && (
        <Alert type="warning" showIcon message={t('salary.preview.belowSmig')} style={{ marginTop: 8 }} />
      )}
    </div>
  );
}

/** '34.67' → '34.67' (en) / '34,67' (fr). */
function formatHours(hours: string, lang: string) {
  return lang.startsWith('fr') ? hours.replace('.', ',') : hours;
}

/** '0.15' → '15'; '1.20' → '120'. */
function formatPercent(premium: string, lang: string) {
  const percent = String(Math.round(Number(premium) * 10000) / 100);
  return lang.startsWith('fr') ? percent.replace('.', ',') : percent;
}

function PreviewLine({
  label,
  value,
  id,
  strong,
  minor,
}: {
  label: string;
  value: string;
  id: string;
  strong?: boolean;
  minor?: boolean;
}) {
  return (
    <tr data-testid={`preview-${id}`} style={minor ? { fontSize: 12, color: 'rgba(0,0,0,0.55)' } : undefined}>
      <td style={{ padding: minor ? '0 0 0 12px' : '2px 0' }}>{strong ? <strong>{label}</strong> : label}</td>
      <td style={{ textAlign: 'right', whiteSpace: 'nowrap' }} data-value>
        {strong ? <strong>{value}</strong> : value}
      </td>
    </tr>
  );
}
