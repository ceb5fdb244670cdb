import { defineTexts } from '../define.ts';

// The offline kiosk (src/pages/kiosk/offline).
export default defineTexts('offline', {
  en: {
    waiting_one: 'Offline — {{count}} punch waiting',
    waiting_other: 'Offline — {{count}} punches waiting',
    offline: 'Offline',
    queued: 'Saved on this kiosk',
    queuedDetail: 'It will be sent when the connection returns.',
    replayRejected: 'A queued punch was refused: {{reason}}',
  },
  fr: {
    waiting_one: 'Hors ligne — {{count}} pointage en attente',
    waiting_other: 'Hors ligne — {{count}} pointages en attente',
    offline: 'Hors ligne',
    queued: 'Enregistré sur ce terminal',
    queuedDetail: 'Il sera envoyé au retour de la connexion.',
    replayRejected: 'Un pointage en attente a été refusé : {{reason}}',
  },
});
