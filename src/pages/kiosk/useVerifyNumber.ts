// A verify site's kiosk (issue 26): the personal number typed on the keypad, then the person's first
// name (nothing else) while they press; the scanner page sends the number with the press to the
// server. An unknown number shows no name and goes on to the thumb all the same: a wrong number and
// a finger that does not match end on the same 'Not Recognized'.
import { useEffect, useState } from 'react';
import { kioskPersonFirstName, kioskPolicy, type BiometricPolicy } from './data.ts';

export interface TypedPerson {
  number: string;
  firstName: string | null;
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
    const firstName = await kioskPersonFirstName(number);
    setPerson({ number, firstName });
  };
  const reset = () => {
    setTyped('');
    setPerson(null);
  };
  return { verify: policy === 'verify', typed, setTyped, person, confirm, reset };
}
