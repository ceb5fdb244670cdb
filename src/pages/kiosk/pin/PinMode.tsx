// The kiosk's 'Use PIN' button and, once pressed, a full-screen panel over the kiosk: personal
// number, then PIN (shown as dots) on the kiosk's keypad, then the result in large type for 6 s.
// For people whose finger does not read; every PIN punch goes to their manager for review.
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
// The function alone: the feedback index brings Refine and antd, which the kiosk paints without.
import { describeError } from '../../../shared/feedback/describe-error.ts';
import { NumberPad } from '../components/NumberPad.tsx';
import { ResultCard } from '../components/ResultCard.tsx';
import { usePinPunch, type PinResult } from './usePinPunch.ts';

const PIN_CSS = `
.kiosk-pin-open { min-height: 64px; font-size: 24px; font-weight: 800; border-radius: 16px; border: 3px solid #2f5d8a; background: #13314f; color: #fff; cursor: pointer; }
.kiosk-pin-open:focus-visible, .kiosk-pin-cancel:focus-visible { outline: 4px solid #ffd166; outline-offset: 3px; }
.kiosk-pin { position: fixed; inset: 0; z-index: 10; background: #0b1f33; color: #fff; overflow: auto; padding: 24px; display: flex; justify-content: center; }
.kiosk-pin-body { width: min(560px, 100%); display: flex; flex-direction: column; gap: 18px; }
.kiosk-pin-cancel { min-height: 64px; font-size: 24px; font-weight: 700; border-radius: 16px; border: 3px solid #2f5d8a; background: transparent; color: #fff; cursor: pointer; }
.kiosk-pin .kiosk-pad-value { letter-spacing: 0.4em; }
`;

interface PinView {
  tone: 'success' | 'error';
  title: string;
  detail: string;
}

function pinResultView(t: TFunction, result: PinResult): PinView {
  if (result.kind === 'refused')
    return { tone: 'error', title: t('pin.kiosk.refused'), detail: describeError(t, result.error) };
  const { outcome, first_name: name } = result.outcome;
  if (outcome === 'checked_in' || outcome === 'checked_out')
    return {
      tone: 'success',
      title: t(outcome === 'checked_in' ? 'pin.kiosk.checkedIn' : 'pin.kiosk.checkedOut'),
      detail: t('pin.kiosk.reviewNote', { name: name ?? '' }),
    };
  // Unknown number, no PIN, PIN not allowed, locked, wrong PIN: one answer (the audit log keeps which).
  return { tone: 'error', title: t('pin.kiosk.notRecognized'), detail: t('pin.kiosk.notRecognizedDetail') };
}

export function PinMode() {
  const { t, i18n } = useTranslation();
  const pin = usePinPunch();
  const { state } = pin;

  if (state.step === 'closed')
    return (
      <>
        <style>{PIN_CSS}</style>
        <button type="button" className="kiosk-pin-open" data-testid="kiosk-pin-open" onClick={pin.open}>
          {t('pin.kiosk.usePin')}
        </button>
      </>
    );

  const view = state.step === 'result' ? pinResultView(t, state.result) : null;
  const status =
    view?.title ??
    (state.step === 'number'
      ? t('pin.kiosk.enterNumber')
      : state.step === 'pin'
        ? t('pin.kiosk.enterPin')
        : t('pin.kiosk.checking'));
  return (
    <div className="kiosk-pin" data-testid="kiosk-pin" role="dialog" aria-label={t('pin.kiosk.usePin')}>
      <style>{PIN_CSS}</style>
      <div className="kiosk-pin-body">
        <div
          className="kiosk-status"
          role="status"
          aria-live="polite"
          data-tone={view?.tone}
          data-testid="kiosk-pin-status"
        >
          {status}
        </div>
        {state.step === 'number' && (
          <NumberPad value={state.number} onChange={pin.type} onConfirm={pin.confirm} />
        )}
        {state.step === 'pin' && (
          <div aria-label={t('pin.kiosk.pinKeypad')}>
            <NumberPad
              value={'\u2022'.repeat(state.pin.length)}
              onChange={(next) =>
                pin.type(
                  next.length > state.pin.length
                    ? state.pin + next.slice(-1)
                    : state.pin.slice(0, next.length),
                )
              }
              onConfirm={pin.confirm}
            />
          </div>
        )}
        {view && <ResultCard result={view} language={i18n.language} testId="kiosk-pin-result" />}
        {(state.step === 'number' || state.step === 'pin') && (
          <button type="button" className="kiosk-pin-cancel" onClick={pin.close}>
            {t('pin.kiosk.back')}
          </button>
        )}
      </div>
    </div>
  );
}
