// A punch's refusals by the database (check_in, check_out, manual_entry), shared by every screen that
// records attendance (Quick Attendance, the attendance page, the employee portal), and the open
// record of an earlier day.
import { defineTexts } from '../define.ts';

export default defineTexts('punch', {
  en: {
    failed: 'Failed to record attendance',
    openSince: 'Checked in since {{day}}',
    openSinceHelp: 'The check-in of {{day}} has no check-out yet. Check Out closes it.',
    errors: {
      missingId: 'Please enter Employee ID',
      notFound: 'Employee not found',
      noSite: 'Employee has no site',
      useCorrection: 'Use a correction to change a record',
      otherSite: 'This kiosk cannot record attendance for employees of another site',
      kioskSource: 'A kiosk records fingerprint or PIN attendance only',
      ownOnly: 'You can only record your own attendance',
      sourceNotAllowed: 'This attendance source is not available to you',
      signIn: 'Sign in to record attendance',
      alreadyIn: 'Already Checked In',
      overlaps: 'Overlaps another attendance record',
      alreadyOut: 'Already checked out',
      noActive: 'No Active Check-In',
      outBeforeIn: 'Check-out must be after check-in',
      manualStaffOnly: 'Only admins and HR can make manual entries for others',
      alreadyRecorded: 'Already recorded',
    },
    details: {
      alreadyIn: 'Employee must check out before checking in again.',
      noActive: 'No active check-in found',
      overlaps: 'The employee already has a record covering this time.',
      alreadyRecorded: 'This punch was recorded a moment ago.',
    },
  },
  fr: {
    failed: "Échec de l'enregistrement du pointage",
    openSince: 'Pointé depuis le {{day}}',
    openSinceHelp: "L'arrivée du {{day}} n'a pas encore de départ. Pointer le départ la clôt.",
    errors: {
      missingId: "Veuillez saisir l'identifiant de l'employé",
      notFound: 'Employé introuvable',
      noSite: "L'employé n'a pas de site",
      useCorrection: 'Utilisez une correction pour modifier un pointage',
      otherSite: "Cette borne ne peut pas pointer les employés d'un autre site",
      kioskSource: "Une borne n'enregistre que les pointages par empreinte ou par code PIN",
      ownOnly: 'Vous ne pouvez enregistrer que votre propre pointage',
      sourceNotAllowed: 'Ce mode de pointage ne vous est pas ouvert',
      signIn: 'Connectez-vous pour enregistrer un pointage',
      alreadyIn: 'Arrivée déjà pointée',
      overlaps: 'Chevauche un autre pointage',
      alreadyOut: 'Départ déjà pointé',
      noActive: 'Aucune arrivée en cours',
      outBeforeIn: "Le départ doit suivre l'arrivée",
      manualStaffOnly: "Seuls les administrateurs et les RH peuvent saisir le pointage d'un autre",
      alreadyRecorded: 'Déjà enregistré',
    },
    details: {
      alreadyIn: "L'employé doit pointer son départ avant de pointer une nouvelle arrivée.",
      noActive: 'Aucune arrivée en cours trouvée',
      overlaps: "L'employé a déjà un pointage couvrant cette heure.",
      alreadyRecorded: 'Ce pointage vient d’être enregistré.',
    },
  },
});
