// The kiosk's one tap (issue 25 item 5): the prompt that names the finger, the answers a one tap
// can get ('already recorded', no connection), and the Settings field of the repeated-press interval.
import { defineTexts } from '../define.ts';

export default defineTexts('kioskTap', {
  en: {
    prompt: 'Place your finger to check in or out',
    promptFingers: 'Place your finger to check in or out: {{fingers}}',
    chooseHint: 'or choose:',
    result: {
      alreadyRecorded: 'Already recorded',
      alreadyRecordedDetail: 'Your punch was recorded a moment ago. There is nothing more to do.',
      failed: 'Not recorded',
      choose: 'Choose Check In or Check Out',
      chooseDetail: 'No connection right now: press Check In or Check Out, then place your finger again.',
    },
    setting: {
      label: 'Repeated press interval (seconds)',
      effect:
        'At the kiosk, a press within this time of the person’s last punch shows “Already recorded” and records nothing (10 to 600 seconds).',
    },
  },
  fr: {
    prompt: 'Posez votre doigt pour pointer l’arrivée ou le départ',
    promptFingers: 'Posez votre doigt pour pointer l’arrivée ou le départ : {{fingers}}',
    chooseHint: 'ou choisissez :',
    result: {
      alreadyRecorded: 'Déjà enregistré',
      alreadyRecordedDetail: 'Votre pointage vient d’être enregistré. Il n’y a rien d’autre à faire.',
      failed: 'Pointage non enregistré',
      choose: 'Choisissez Arrivée ou Départ',
      chooseDetail:
        'Pas de connexion pour le moment : appuyez sur Arrivée ou Départ, puis posez à nouveau votre doigt.',
    },
    setting: {
      label: 'Intervalle d’appui répété (secondes)',
      effect:
        'À la borne, un appui dans ce délai après le dernier pointage de la personne affiche « Déjà enregistré » et n’enregistre rien (10 à 600 secondes).',
    },
  },
});
