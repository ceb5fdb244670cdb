// A Settings change's outcome as a toast: what was saved, or the refusal in the reader's language.
import type { Feedback } from '../../shared/feedback/index.ts';

export const toastOutcome = (feedback: Feedback, saved: string) => ({
  onSuccess: () => feedback.success(saved),
  onError: (error: unknown) => feedback.failure(error),
});
