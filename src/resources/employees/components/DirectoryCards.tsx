// The directory's four figures (employee_directory_stats, over what the reader may see).
import { useTranslation } from 'react-i18next';
import { FigureCards, figureKey } from '../../../components/FigureCards.tsx';
import type { DirectoryStats } from '../data.ts';

const FIGURES = ['total', 'active', 'departments', 'this_month'] as const;

export function DirectoryCards({ stats, loading }: { stats: DirectoryStats | undefined; loading: boolean }) {
  const { t } = useTranslation();
  const cards = FIGURES.map((column) => {
    const key = figureKey(column);
    return {
      id: `card-${key}`,
      title: t(`employees.cards.${key}`),
      value: stats?.[column],
      hint: t(`employees.cards.${key}Hint`),
    };
  });
  return <FigureCards cards={cards} loading={loading} />;
}
