// The four counters (total, active, admins, inactive), computed by account_counters().
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { FigureCards } from '../../../components/FigureCards.tsx';
import { useAccountCounters } from '../data.ts';

export function AccountCounters() {
  const { t } = useTranslation();
  const counters = useAccountCounters();
  const invited = counters.data?.invited;
  const cards = (['total', 'active', 'admins', 'inactive'] as const).map((key) => ({
    id: `counter-${key}`,
    title: t(`users.counters.${key}`),
    value: counters.data?.[key],
    hint: t(`users.counters.${key}Hint`),
    extra: key === 'total' && Boolean(invited) && (
      <div>
        <Tag color="cyan">{t('users.counters.invited', { count: invited })}</Tag>
      </div>
    ),
  }));
  return <FigureCards cards={cards} loading={counters.isLoading} />;
}
