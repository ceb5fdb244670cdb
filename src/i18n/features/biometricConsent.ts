// Issue 26 item 3: the public biometric policy (/biometric-policy, one text per published version:
// public.biometric_policy_versions.text_key), the portal's consent card, Settings' retention card,
// and HR's list of offline presses that did not verify.
import { defineTexts } from '../define.ts';

export default defineTexts('biometricConsent', {
  en: {
    link: 'Biometric policy',
    page: {
      title: 'Biometric policy',
      version: 'Version {{version}}, published {{date}}',
      unavailable: 'The current version could not be loaded. The text below is version {{version}}.',
      backHome: 'Back to home',
    },
    policy: {
      v2: {
        purposeTitle: 'Why we use your fingerprint',
        purpose:
          'Only to record when you check in and out at a kiosk of your site, and so that nobody can punch for someone else. It is used for nothing else, never sold, never shared with anyone outside the company.',
        storedTitle: 'What is stored',
        stored:
          'A template: a list of measurements of your finger’s ridge endings and forks, made from three presses when you enrol. Never an image: the picture of your finger stays in the scanner and is discarded once measured. With the template we keep the finger, its quality, the date of your consent and the version of this policy you agreed to. When a kiosk of a site that verifies is offline, the measurements of a press wait on the tablet with the number typed, and are deleted once the server has checked them.',
        readersTitle: 'Who can read it',
        readers:
          'Administrators (to read or delete), the company’s fingerprint server (to compare a press), and the kiosks of your site only where the site identifies people by finger alone. Where the site verifies (you type your personal number, then press), no kiosk holds a template: the server compares your press with yours only. HR, managers and you yourself cannot read a template. Every enrolment, deletion and search is written to the audit log.',
        retentionTitle: 'How long it is kept',
        retention:
          'Your templates are destroyed, whichever comes first: when you leave the company; when you withdraw your consent; after {{days}} days without a punch ({{years}}). The period never exceeds 3 years. A daily job destroys them and writes each destruction to the audit log.',
        withdrawTitle: 'How to withdraw your consent',
        withdraw:
          'In your employee portal, card “My fingerprint consent”, choose “Withdraw my consent”. Your templates are destroyed at once and you punch with your personal PIN from then on (or ask your manager for a manual entry). You can enrol again later, with a new consent.',
        lawTitle: 'The law we follow',
        law: 'In Illinois (Chicago site), the Biometric Information Privacy Act: written notice and consent before collection, this public schedule, no disclosure. In Burkina Faso (Ouagadougou site), law 001-2021/AN on personal data and the CIL’s guidance: fingerprints authenticate a person who gives their number, they do not search among everyone.',
      },
    },
    years_one: 'about {{count}} year',
    years_other: 'about {{count}} years',
    underAYear: 'under a year',
    mine: {
      title: 'My fingerprint consent',
      given:
        'You agreed to version {{version}} of the biometric policy on {{date}}; {{count}} finger(s) enrolled.',
      none: 'No fingerprint of yours is stored.',
      withdrawnOn:
        'You withdrew your consent on {{date}}: no fingerprint of yours is kept. You punch with your PIN.',
      withdraw: 'Withdraw my consent',
      confirmTitle: 'Withdraw your fingerprint consent?',
      confirmText:
        'Your fingerprint templates are destroyed now. At the kiosk you will punch with your PIN. You can enrol again later with HR.',
      confirm: 'Withdraw and destroy',
      withdrawn: 'Your consent is withdrawn and your fingerprint templates are destroyed',
    },
    retention: {
      title: 'Fingerprint retention',
      note: 'Templates of a person with no punch for this many days are destroyed by the daily job (at most 3 years; the public biometric policy states it).',
      days: 'Days without a punch',
      save: 'Save',
      saved: 'Fingerprint retention saved',
    },
    review: {
      title: 'Unverified kiosk presses',
      note: 'Presses made while a kiosk was offline that did not match the person whose number was typed. They are not punches. Check with the person, then record the punch or dismiss it.',
      empty: 'No press waits for review',
      pressedAt: 'Pressed',
      number: 'Personal number',
      site: 'Site',
      action: 'Punch',
      reason: 'Why',
      reasons: { no_match: 'Not recognized', retry: 'Press too poor to compare' },
      actions: { check_in: 'Check In', check_out: 'Check Out' },
      record: 'Record punch',
      dismiss: 'Dismiss',
      recorded: 'Punch recorded',
      dismissed: 'Press dismissed',
    },
  },
  fr: {
    link: 'Politique biométrique',
    page: {
      title: 'Politique biométrique',
      version: 'Version {{version}}, publiée le {{date}}',
      unavailable:
        'La version en vigueur n’a pas pu être chargée. Le texte ci-dessous est la version {{version}}.',
      backHome: 'Retour à l’accueil',
    },
    policy: {
      v2: {
        purposeTitle: 'Pourquoi nous utilisons votre empreinte',
        purpose:
          'Uniquement pour enregistrer vos arrivées et départs à une borne de votre site, et pour que personne ne puisse pointer à la place d’un autre. Elle ne sert à rien d’autre, n’est jamais vendue ni communiquée à qui que ce soit hors de l’entreprise.',
        storedTitle: 'Ce qui est conservé',
        stored:
          'Un gabarit : une liste de mesures des fins et des bifurcations des crêtes de votre doigt, faite à partir de trois poses lors de l’enrôlement. Jamais une image : l’image de votre doigt reste dans le lecteur et est effacée une fois mesurée. Avec le gabarit, nous gardons le doigt, sa qualité, la date de votre consentement et la version de cette politique que vous avez acceptée. Quand une borne d’un site qui vérifie est hors ligne, les mesures d’une pose attendent sur la tablette avec le numéro saisi, et sont effacées dès que le serveur les a vérifiées.',
        readersTitle: 'Qui peut le lire',
        readers:
          'Les administrateurs (pour le lire ou le supprimer), le serveur d’empreintes de l’entreprise (pour comparer une pose), et les bornes de votre site seulement là où le site identifie les personnes par le doigt seul. Là où le site vérifie (vous saisissez votre numéro personnel, puis posez le doigt), aucune borne ne détient de gabarit : le serveur compare votre pose avec la vôtre seulement. Les RH, les managers et vous-même ne pouvez pas lire un gabarit. Chaque enrôlement, suppression et recherche est inscrit au journal d’audit.',
        retentionTitle: 'Combien de temps il est gardé',
        retention:
          'Vos gabarits sont détruits, au premier de ces moments : quand vous quittez l’entreprise ; quand vous retirez votre consentement ; après {{days}} jours sans pointage ({{years}}). La durée ne dépasse jamais 3 ans. Une tâche quotidienne les détruit et inscrit chaque destruction au journal d’audit.',
        withdrawTitle: 'Comment retirer votre consentement',
        withdraw:
          'Dans votre portail employé, carte « Mon consentement biométrique », choisissez « Retirer mon consentement ». Vos gabarits sont détruits aussitôt et vous pointez avec votre code PIN personnel à partir de ce moment (ou demandez une saisie manuelle à votre manager). Vous pourrez vous enrôler de nouveau plus tard, avec un nouveau consentement.',
        lawTitle: 'La loi que nous suivons',
        law: 'En Illinois (site de Chicago), le Biometric Information Privacy Act : information écrite et consentement avant la collecte, ce calendrier public, aucune communication. Au Burkina Faso (site de Ouagadougou), la loi 001-2021/AN sur les données personnelles et les recommandations de la CIL : l’empreinte authentifie une personne qui donne son numéro, elle ne cherche pas parmi tout le monde.',
      },
    },
    years_one: 'environ {{count}} an',
    years_other: 'environ {{count}} ans',
    underAYear: 'moins d’un an',
    mine: {
      title: 'Mon consentement biométrique',
      given:
        'Vous avez accepté la version {{version}} de la politique biométrique le {{date}} ; {{count}} doigt(s) enrôlé(s).',
      none: 'Aucune empreinte de vous n’est conservée.',
      withdrawnOn:
        'Vous avez retiré votre consentement le {{date}} : aucune empreinte de vous n’est gardée. Vous pointez avec votre code PIN.',
      withdraw: 'Retirer mon consentement',
      confirmTitle: 'Retirer votre consentement biométrique ?',
      confirmText:
        'Vos gabarits d’empreinte sont détruits maintenant. À la borne, vous pointerez avec votre code PIN. Vous pourrez vous enrôler de nouveau plus tard avec les RH.',
      confirm: 'Retirer et détruire',
      withdrawn: 'Votre consentement est retiré et vos gabarits d’empreinte sont détruits',
    },
    retention: {
      title: 'Conservation des empreintes',
      note: 'Les gabarits d’une personne sans pointage depuis ce nombre de jours sont détruits par la tâche quotidienne (3 ans au plus ; la politique biométrique publique l’indique).',
      days: 'Jours sans pointage',
      save: 'Enregistrer',
      saved: 'Conservation des empreintes enregistrée',
    },
    review: {
      title: 'Empreintes de borne non vérifiées',
      note: 'Poses faites pendant qu’une borne était hors ligne et qui ne correspondaient pas à la personne dont le numéro a été saisi. Ce ne sont pas des pointages. Vérifiez auprès de la personne, puis enregistrez le pointage ou écartez-le.',
      empty: 'Aucune empreinte à examiner',
      pressedAt: 'Posée le',
      number: 'Numéro personnel',
      site: 'Site',
      action: 'Pointage',
      reason: 'Motif',
      reasons: { no_match: 'Non reconnue', retry: 'Pose trop mauvaise pour comparer' },
      actions: { check_in: 'Arrivée', check_out: 'Départ' },
      record: 'Enregistrer le pointage',
      dismiss: 'Écarter',
      recorded: 'Pointage enregistré',
      dismissed: 'Empreinte écartée',
    },
  },
});
