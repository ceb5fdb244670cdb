// A list card of the employee portal: its title, test id and empty text all come from its name
// (`portal.<name>.title`, `portal-<name>`, `portal.<name>.empty`).
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ListCard } from '../../../components/daily/ListCard.tsx';

export function PortalListCard<T>({
  name,
  ...list
}: {
  name: 'shifts' | 'payslips';
  items: T[];
  loading: boolean;
  renderItem: (item: T) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <ListCard<T>
      {...list}
      title={t(`portal.${name}.title`)}
      testId={`portal-${name}`}
      empty={t(`portal.${name}.empty`)}
    />
  );
}
