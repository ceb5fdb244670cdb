// The directory's four figures (employee_directory_stats, over what the reader may see).
import { useTranslation } from 'react-i18next';
import { FigureCards } from '../../../components/FigureCards.tsx';
import type { DirectoryStats } from '../data.ts';

export function DirectoryCards({ stats, loading }: { stats: DirectoryStats | undefined; loading: boolean }) {
  const { t } = useTranslation();
  const figures = [
    ['total', stats?.total],
    ['active', stats?.active],
    ['departments', stats?.departments],
    ['thisMonth', stats?.this_month],
  ] as const;
  const cards = figures.map(([key, value]) => ({
    id: `card-${key}`,
    title: t(`employees.cards.${key}`),
    value,
    hint: t(`employees.cards.${key}Hint`),
  }));
  return <FigureCards cards={cards} loading={loading} />;
}
