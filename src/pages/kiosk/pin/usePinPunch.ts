// The kiosk's PIN mode (issue 26 item 4): the personal number, then the PIN, on the keypad; the
// database checks both and punches in or out from the person's state (kiosk_pin_punch). A wrong
// number and a wrong PIN end on the same 'Not Recognized'. The result shows for 6 s, as a finger's.
import { useEffect, useRef, useState } from 'react';
import { kioskPinPunch, type KioskPinOutcome } from '../../../features/pin/index.ts';

/** The spec's result time on the kiosk. */
export const PIN_RESULT_MS = 6_000;

export type PinResult = { kind: 'outcome'; outcome: KioskPinOutcome } | { kind: 'refused'; error: unknown };

export type PinStep =
  | { step: 'closed' }
  | { step: 'number'; number: string }
  | { step: 'pin'; number: string; pin: string }
  | { step: 'checking' }
  | { step: 'result'; result: PinResult };

export function usePinPunch() {
  const [state, setState] = useState<PinStep>({ step: 'closed' });
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const close = () => {
    window.clearTimeout(timer.current);
    setState({ step: 'closed' });
  };
  const show = (result: PinResult) => {
    setState({ step: 'result', result });
    timer.current = window.setTimeout(close, PIN_RESULT_MS);
  };
  const submit = (number: string, pin: string) => {
    setState({ step: 'checking' });
    kioskPinPunch(number, pin).then(
      (outcome) => show({ kind: 'outcome', outcome }),
      (error: unknown) => show({ kind: 'refused', error }),
    );
  };

  return {
    state,
    open: () => setState({ step: 'number', number: '' }),
    close,
    type: (value: string) =>
      setState((s) =>
        s.step === 'number' ? { ...s, number: value } : s.step === 'pin' ? { ...s, pin: value } : s,
      ),
    confirm: () => {
      if (state.step === 'number') setState({ step: 'pin', number: state.number, pin: '' });
      else if (state.step === 'pin') submit(state.number, state.pin);
    },
  };
}
