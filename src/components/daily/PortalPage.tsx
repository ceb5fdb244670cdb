// A portal's page: a centred column under the portal header (welcome line, clock, language,
// account buttons), its cards spaced evenly.
import type { ReactNode } from 'react';
import { PortalHeader } from './PortalHeader.tsx';

export function PortalPage({
  testId,
  maxWidth,
  title,
  subtitle,
  children,
}: {
  testId: string;
  maxWidth: number;
  title: string;
  subtitle: string;
  children: ReactNode;
}) {
  return (
    <div
      data-testid={testId}
      style={{ maxWidth, margin: '0 auto', padding: 16, display: 'flex', flexDirection: 'column', gap: 16 }}
    >
      <PortalHeader title={title} subtitle={subtitle} />
      {children}
    </div>
  );
}
