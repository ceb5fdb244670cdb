// The one step forward of a run or a record: Process a draft, Mark paid once processed.
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PayrollStatus, RecordAction } from '../data.ts';

const NEXT_STEP: Partial<Record<PayrollStatus, RecordAction>> = { draft: 'process', processed: 'markPaid' };

interface NextStepProps {
  status: PayrollStatus;
  /** Called with the step the button names. */
  onStep: (step: RecordAction) => void;
}

export function NextStepButton({ status, onStep }: NextStepProps) {
  const { t } = useTranslation();
  const step = NEXT_STEP[status];
  if (!step) return null;
  return (
    <Button size="small" type="primary" onClick={() => onStep(step)}>
      {t(`payroll.${step}`)}
    </Button>
  );
}
