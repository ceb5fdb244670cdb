// A failed step of the salary workflow as a toast: the screen's title ('Failed to …') and the
// refusal in the reader's language; the refusals the spec words itself with their own title and detail.
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../../shared/feedback/index.ts';
import { wordedRefusal } from '../refusals.ts';

export function useSalaryFailure() {
  const { t } = useTranslation();
  const { failure } = useFeedback();
  return (title: string, error: unknown) => {
    const worded = wordedRefusal(error);
    failure(error, worded?.title ? t(worded.title) : title, worded?.detail ? t(worded.detail) : undefined);
  };
}
