// Payslips: the latest 12 paystubs, gross and net, each with its PDF when it has a source.
import { Button, List } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../../shared/feedback/index.ts';
import { formatMoney } from '../../../shared/format/index.ts';
import type { Payslip } from '../data.ts';
import { downloadMyPayslip } from '../payslip.ts';
import { PortalListCard } from './PortalListCard.tsx';

export function PayslipsCard({
  payslips,
  loading,
  locale,
}: {
  payslips: Payslip[];
  loading: boolean;
  locale: string;
}) {
  const { t } = useTranslation();
  const feedback = useFeedback();
  return (
    <PortalListCard
      name="payslips"
      items={payslips}
      loading={loading}
      renderItem={(p) => {
        const money = (v: number) => formatMoney(v, p.currency, locale.startsWith('fr') ? 'fr' : 'en');
        const download = () =>
          downloadMyPayslip(p).catch((e: Error) =>
            feedback.refused(t('portal.payslips.downloadFailed'), e.message),
          );
        return (
          <List.Item
            actions={
              p.payroll_record_id || p.salary_structure_id
                ? [
                    <Button key="pdf" size="small" onClick={download}>
                      {t('portal.payslips.download')}
                    </Button>,
                  ]
                : []
            }
          >
            <List.Item.Meta
              title={`${p.period_start ?? ''} → ${p.period_end}`}
              description={`${t('portal.payslips.gross')} ${money(p.gross)} · ${t('portal.payslips.net')} ${money(p.net)}`}
            />
          </List.Item>
        );
      }}
    />
  );
}
