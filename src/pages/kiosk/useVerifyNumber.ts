// A verify site's kiosk (issue 26): the personal number typed on the keypad, then the person's first
// name (nothing else) while they press; the scanner page sends the number with the press to the
// server. An unknown number shows no name and goes on to the thumb all the same: a wrong number and
// a finger that does not match end on the same 'Not Recognized'.
import { useEffect, useState } from 'react';
import type { Finger } from '../../fingerprint/scanner/protocol.ts';
import { kioskPersonFingers, kioskPersonFirstName, kioskPolicy, type BiometricPolicy } from './data.ts';

export interface TypedPerson {
  number: string;
  firstName: string | null;
  /** Their enrolled fingers, named in the prompt ([] for an unknown number). */
  fingers: Finger[];
}

export function useVerifyNumber() {
  const [policy, setPolicy] = useState<BiometricPolicy | null>(null);
  const [typed, setTyped] = useState('');
  const [person, setPerson] = useState<TypedPerson | null>(null);

  useEffect(() => {
    let live = true;
    void kioskPolicy().then((value) => live && setPolicy(value));
    return () => {
      live = false;
    };
  }, []);

  const confirm = async (number: string) => {
    const [firstName, fingers] = await Promise.all([
      kioskPersonFirstName(number),
      kioskPersonFingers(number),
    ]);
    setPerson({ number, firstName, fingers });
  };
  const reset = () => {
    setTyped('');
    setPerson(null);
  };
  // known: the site's policy has been read (the scanner starts only then, in the right way).
  return { verify: policy === 'verify', known: policy !== null, typed, setTyped, person, confirm, reset };
}
