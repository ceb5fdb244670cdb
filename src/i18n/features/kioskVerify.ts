// The kiosk of a verify site (issue 26): the personal number on a keypad, then the thumb.
import { defineTexts } from '../define.ts';

export default defineTexts('kioskVerify', {
  en: {
    enterNumber: 'Enter your personal number',
    keypad: 'Personal number keypad',
    clear: 'Clear',
    erase: 'Erase',
    confirm: 'OK',
    hello: 'Hello {{name}}',
    number: 'Personal number',
    policyLink: 'Biometric policy',
  },
  fr: {
    enterNumber: 'Saisissez votre numéro personnel',
    keypad: 'Clavier du numéro personnel',
    clear: 'Effacer tout',
    erase: 'Effacer',
    confirm: 'OK',
    hello: 'Bonjour {{name}}',
    number: 'Numéro personnel',
    policyLink: 'Politique biométrique',
  },
});
