// The verify kiosk's keypad: the personal number typed with big keys (a 10-inch tablet, a gloved
// finger). Digits are shown as typed, like a door code; OK hands the number to the screen.
import { useTranslation } from 'react-i18next';

/** Personal numbers are 4 to 6 digits (the database's employee_personal_number_format); 8 at most typed. */
export const MAX_NUMBER_DIGITS = 8;
const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', 'erase', '0', 'confirm'] as const;

export function NumberPad({
  value,
  onChange,
  onConfirm,
}: {
  value: string;
  onChange: (value: string) => void;
  onConfirm: (value: string) => void;
}) {
  const { t } = useTranslation();
  const press = (key: (typeof KEYS)[number]) => {
    if (key === 'erase') onChange(value.slice(0, -1));
    else if (key === 'confirm') {
      if (value.length >= 4) onConfirm(value);
    } else if (value.length < MAX_NUMBER_DIGITS) onChange(value + key);
  };
  return (
    <div className="kiosk-pad" role="group" aria-label={t('kioskVerify.keypad')} data-testid="kiosk-keypad">
      <output className="kiosk-pad-value" aria-label={t('kioskVerify.number')} data-testid="kiosk-number">
        {value || '\u00a0'}
      </output>
      <div className="kiosk-pad-keys">
        {KEYS.map((key) => (
          <button
            key={key}
            type="button"
            className={`kiosk-pad-key kiosk-pad-${key}`}
            disabled={key === 'confirm' && value.length < 4}
            onClick={() => press(key)}
          >
            {key === 'erase' ? t('kioskVerify.erase') : key === 'confirm' ? t('kioskVerify.confirm') : key}
          </button>
        ))}
      </div>
    </div>
  );
}
