// 'Error / Employee not found' once, then back to the directory (the card and the edit screen).
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useFeedback } from '../../../shared/feedback/index.ts';

export function useNotFoundRedirect(notFound: boolean) {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const navigate = useNavigate();
  useEffect(() => {
    if (!notFound) return;
    feedback.failure(null, t('employees.notFoundTitle'), t('employees.notFound'));
    navigate('/employee-management', { replace: true });
  }, [notFound]); // once, whatever the identity of `feedback`, `t` and `navigate`
}
