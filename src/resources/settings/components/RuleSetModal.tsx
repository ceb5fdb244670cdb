// The dialog of a rule set's figures, shared by 'edit a version' and 'new version': save and
// cancel, wide enough for the JSON, and a refusal shown as its text and hint.
import type { TFunction } from 'i18next';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SaveModal } from '../../../components/FormModal.tsx';
import type { Json } from '../../../data/database.types.ts';
import { describeError, describeErrorHint } from '../../../shared/feedback/index.ts';

export function RuleSetModal(
  dialog: Omit<Parameters<typeof SaveModal>[0], 'okText'> & { title: ReactNode; children: ReactNode },
) {
  const { t } = useTranslation();
  return <SaveModal open {...dialog} okText={t('settings.holidays.save')} width={640} destroyOnHidden />;
}

/** A refused save's text: what went wrong, then the hint when there is one. */
export const refusalText = (t: TFunction, error: unknown) =>
  [describeError(t, error), describeErrorHint(t, error)].filter(Boolean).join(' — ');

/**
 * The save both dialogs share: the edited figures must be JSON (said inline otherwise), then the
 * write runs; a refusal is shown inline as its text and hint. Resolves true when it was saved.
 */
export function useParamsSave() {
  const { t } = useTranslation();
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  async function save(text: string, write: (params: Json) => Promise<unknown>): Promise<boolean> {
    let params: Json;
    try {
      params = JSON.parse(text) as Json;
    } catch {
      setProblem(t('settings.ruleSets.invalidJson'));
      return false;
    }
    setSaving(true);
    try {
      await write(params);
      return true;
    } catch (error) {
      setProblem(refusalText(t, error));
      return false;
    } finally {
      setSaving(false);
    }
  }
  return { problem, setProblem, saving, save };
}
