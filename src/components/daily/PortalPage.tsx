// A portal's page: a centred column under the portal header (welcome line, clock, language,
// account buttons), its cards spaced evenly.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PortalHeader } from './PortalHeader.tsx';

export function PortalPage({
  testId,
  texts,
  name,
  maxWidth = 1200,
  children,
}: {
  testId: string;
  /** Where the portal's texts are: `welcome` (with the person's name) and `subtitle`. */
  texts: string;
  /** The signed-in person's name, once known. */
  name: string | undefined;
  maxWidth?: number;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div
      data-testid={testId}
      style={{ maxWidth, margin: '0 auto', padding: 16, display: 'flex', flexDirection: 'column', gap: 16 }}
    >
      <PortalHeader title={t(`${texts}.welcome`, { name: name ?? '' })} subtitle={t(`${texts}.subtitle`)} />
      {children}
    </div>
  );
}
