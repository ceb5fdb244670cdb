// What a person reads for each failure code (src/data/errors.ts; the database's refusal codes).
// The spec's English wording where it has one. A test fails when a code the database can raise
// has no text here.
import { defineTexts } from '../define.ts';

export default defineTexts('errors', {
  en: {
    title: 'Something went wrong',
    db: {
      unknown: 'The request failed. Please try again.',
      timeout: 'This took too long and was stopped. Try a shorter period.',
      duplicate: 'This already exists.',
    },
    access: { denied: 'You are not allowed to do this' },
    network: { unreachable: 'No connection to the server. Check the network and try again.' },
    auth: { session_expired: 'Your session has expired. Please sign in again.', failed: 'Sign-in failed.' },
  },
  fr: {
    title: 'Une erreur est survenue',
    db: {
      unknown: 'La demande a échoué. Veuillez réessayer.',
      timeout: 'Le traitement a pris trop de temps et a été interrompu. Essayez une période plus courte.',
      duplicate: 'Cet élément existe déjà.',
    },
    access: { denied: "Vous n'êtes pas autorisé à faire cela" },
    network: { unreachable: 'Pas de connexion au serveur. Vérifiez le réseau et réessayez.' },
    auth: {
      session_expired: 'Votre session a expiré. Veuillez vous reconnecter.',
      failed: 'La connexion a échoué.',
    },
  },
});
