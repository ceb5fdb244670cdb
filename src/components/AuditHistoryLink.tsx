// A link to one record's history in the audit log, for the screens that show the record
// (e.g. the employee view: <AuditHistoryLink entity="employees" id={employee.id} />).
import { HistoryOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { auditLogUrl } from './audit-history.ts';

export function AuditHistoryLink({ entity, id }: { entity: string; id: string }) {
  const { t } = useTranslation();
  return (
    <Link to={auditLogUrl(entity, id)} data-testid="audit-history-link">
      <HistoryOutlined /> {t('audit.history')}
    </Link>
  );
}
