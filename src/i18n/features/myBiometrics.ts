// The portal's card about one's own biometrics (issue 26).
import { defineTexts } from '../define.ts';

export default defineTexts('myBiometrics', {
  en: {
    title: 'My fingerprint and number',
    personalNumber: 'Personal number',
    numberNote: 'At a kiosk that asks for it, type this number, then place your finger.',
  },
  fr: {
    title: 'Mon empreinte et mon numéro',
    personalNumber: 'Numéro personnel',
    numberNote: 'Sur une borne qui le demande, saisissez ce numéro, puis posez votre doigt.',
  },
});
