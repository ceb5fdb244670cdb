import { defineTexts } from '../define.ts';

// The password rule's hints (src/domain/password-policy.ts, keyed by GoTrue's weak_password
// reasons) and the sign-up's e-mail confirmation.
export default defineTexts('accountSecurity', {
  en: {
    password: {
      length: 'At least {{min}} characters',
      characters: 'At least one letter and one digit',
      pwned: 'Too easy to guess: avoid common words, sequences, repeated characters and your own name',
    },
    confirmEmail: 'Follow the link we sent to {{email}} to confirm your address, then log in.',
  },
  fr: {
    password: {
      length: 'Au moins {{min}} caractères',
      characters: 'Au moins une lettre et un chiffre',
      pwned:
        'Trop facile à deviner : évitez les mots courants, les suites, les répétitions et votre propre nom',
    },
    confirmEmail: 'Suivez le lien envoyé à {{email}} pour confirmer votre adresse, puis connectez-vous.',
  },
});
