// What a person reads for each notification the system writes (a code with parameters, stored by
// app.notify; scripts/db/refusal-codes.ts lists them). EN is the wording the database wrote before
// codes. `values` translates the words some parameters carry (a role, a decision).
import { defineTexts } from '../define.ts';

export default defineTexts('notifications', {
  en: {
    unknown: { title: 'Notification', message: 'You have a new notification.' },
    salary: {
      approved: {
        title: 'Salary approved',
        message:
          'Your salary structure effective {{effective}} was approved. Scheduled release: {{release}}.',
      },
      rejected: {
        title: 'Salary rejected',
        message: 'Your salary structure effective {{effective}} was rejected. Reason: {{reason}}',
      },
      released: { title: 'Salary released', message: 'Your salary for period {{period}} was released.' },
      payment_failed: {
        title: 'Salary payment failed',
        message: 'The payment of your salary for period {{period}} failed and will be retried.',
      },
    },
    payroll: {
      payslip_available: {
        title: 'Payslip available',
        message: 'Your pay for {{from}} to {{to}} was paid: your payslip is available.',
      },
    },
    account: {
      welcome: { title: 'Welcome', message: 'Welcome to Pointage. Your attendance appears here.' },
      role_request_answered: {
        title: 'Role request',
        message: 'Your request for the {{role}} role was {{decision}}.',
      },
    },
    attendance: {
      late_arrival: { title: 'Late arrival', message: 'You checked in late on {{date}}.' },
    },
    leave: {
      requested: {
        title: 'Leave request',
        message: '{{name}} asks for {{leave_type}} from {{from}} to {{to}} ({{amount}} {{unit}}).',
      },
      approved: {
        title: 'Leave approved',
        message: 'Your {{leave_type}} from {{from}} to {{to}} was approved.',
      },
      rejected: {
        title: 'Leave rejected',
        message: 'Your {{leave_type}} from {{from}} to {{to}} was rejected. Reason: {{reason}}',
      },
      recorded: {
        title: 'Leave recorded',
        message: 'HR recorded your {{leave_type}} from {{from}} to {{to}} ({{amount}} {{unit}}).',
      },
      cancelled: {
        title: 'Leave cancelled',
        message: '{{name}} cancelled their {{leave_type}} from {{from}} to {{to}}.',
      },
      cancelled_for_you: {
        title: 'Leave cancelled',
        message: 'Your {{leave_type}} from {{from}} to {{to}} was cancelled by HR.',
      },
      adjusted: {
        title: 'Leave balance adjusted',
        message: 'Your {{leave_type}} balance was adjusted by {{amount}} on {{day}}. Reason: {{reason}}',
      },
    },
    payment: {
      account_changed: {
        title: 'Your payment account was changed',
        message:
          'The account your pay goes to was changed on {{day}}. If you did not ask for this, tell HR at once.',
      },
    },
    pin: {
      punch_to_review: {
        title: 'PIN punch to review',
        message: '{{name}} punched with a PIN ({{kind}}) on {{date}}. Accept or reject it in your portal.',
      },
      punch_accepted: { title: 'PIN punch accepted', message: 'Your PIN punch of {{date}} was accepted.' },
      punch_rejected: {
        title: 'PIN punch rejected',
        message: 'Your PIN punch of {{date}} was rejected: its hours do not count. Reason: {{reason}}',
      },
      locked: {
        title: 'PIN locked',
        message: 'Your kiosk PIN was locked after {{attempts}} wrong attempts. Set a new PIN in your portal.',
      },
      reset: { title: 'PIN reset', message: 'HR reset your kiosk PIN. Set a new one in your portal.' },
      locked_for: {
        title: 'PIN locked',
        message:
          'Your kiosk PIN was locked for {{minutes}} minutes after {{attempts}} wrong attempts. If it was not you, set a new PIN in your portal.',
      },
    },
    biometric: {
      press_recorded: {
        title: 'Kiosk press recorded',
        message: 'HR recorded your kiosk press of {{date}} ({{action}}) that the kiosk could not verify.',
      },
      press_dismissed: {
        title: 'Kiosk press not recorded',
        message:
          'A kiosk press of {{date}} ({{action}}) with your personal number could not be verified and was not recorded. Ask HR if it was yours.',
      },
    },
    values: {
      approved: 'approved',
      check_in: 'check-in',
      check_out: 'check-out',
      rejected: 'rejected',
      admin: 'admin',
      hr: 'HR',
      manager: 'manager',
      employee: 'employee',
      kiosk: 'kiosk',
      days: 'days',
      hours: 'hours',
      annual: 'paid leave',
      sick: 'sick leave',
      unpaid: 'unpaid leave',
      maternity: 'maternity leave',
      family_event: 'family event leave',
    },
  },
  fr: {
    unknown: { title: 'Notification', message: 'Vous avez une nouvelle notification.' },
    salary: {
      approved: {
        title: 'Salaire approuvé',
        message:
          'Votre structure salariale en vigueur le {{effective}} a été approuvée. Versement prévu : {{release}}.',
      },
      rejected: {
        title: 'Salaire rejeté',
        message: 'Votre structure salariale en vigueur le {{effective}} a été rejetée. Motif : {{reason}}',
      },
      released: { title: 'Salaire versé', message: 'Votre salaire de la période {{period}} a été versé.' },
      payment_failed: {
        title: 'Échec du paiement du salaire',
        message: 'Le paiement de votre salaire de la période {{period}} a échoué et sera relancé.',
      },
    },
    payroll: {
      payslip_available: {
        title: 'Bulletin de paie disponible',
        message: 'Votre paie du {{from}} au {{to}} a été versée : votre bulletin est disponible.',
      },
    },
    account: {
      welcome: { title: 'Bienvenue', message: 'Bienvenue sur Pointage. Vos présences apparaissent ici.' },
      role_request_answered: {
        title: 'Demande de rôle',
        message: 'Votre demande du rôle {{role}} a été {{decision}}.',
      },
    },
    attendance: {
      late_arrival: { title: 'Retard enregistré', message: 'Arrivée en retard le {{date}}.' },
    },
    leave: {
      requested: {
        title: 'Demande de congé',
        message: '{{name}} demande un {{leave_type}} du {{from}} au {{to}} ({{amount}} {{unit}}).',
      },
      approved: {
        title: 'Congé accordé',
        message: 'Votre {{leave_type}} du {{from}} au {{to}} a été accordé.',
      },
      rejected: {
        title: 'Congé refusé',
        message: 'Votre {{leave_type}} du {{from}} au {{to}} a été refusé. Motif : {{reason}}',
      },
      recorded: {
        title: 'Congé enregistré',
        message: 'Les RH ont enregistré votre {{leave_type}} du {{from}} au {{to}} ({{amount}} {{unit}}).',
      },
      cancelled: {
        title: 'Congé annulé',
        message: '{{name}} a annulé son {{leave_type}} du {{from}} au {{to}}.',
      },
      cancelled_for_you: {
        title: 'Congé annulé',
        message: 'Votre {{leave_type}} du {{from}} au {{to}} a été annulé par les RH.',
      },
      adjusted: {
        title: 'Solde de congés ajusté',
        message: 'Votre solde de {{leave_type}} a été ajusté de {{amount}} le {{day}}. Motif : {{reason}}',
      },
    },
    payment: {
      account_changed: {
        title: 'Votre compte de paiement a été modifié',
        message:
          'Le compte sur lequel votre salaire est versé a été modifié le {{day}}. Si vous ne l’avez pas demandé, prévenez les RH sans attendre.',
      },
    },
    pin: {
      punch_to_review: {
        title: 'Pointage par code PIN à vérifier',
        message:
          '{{name}} a pointé avec un code PIN ({{kind}}) le {{date}}. Acceptez-le ou rejetez-le dans votre portail.',
      },
      punch_accepted: {
        title: 'Pointage par code PIN accepté',
        message: 'Votre pointage par code PIN du {{date}} a été accepté.',
      },
      punch_rejected: {
        title: 'Pointage par code PIN rejeté',
        message:
          'Votre pointage par code PIN du {{date}} a été rejeté : ses heures ne comptent pas. Motif : {{reason}}',
      },
      locked: {
        title: 'Code PIN bloqué',
        message:
          'Votre code PIN de borne a été bloqué après {{attempts}} essais erronés. Définissez un nouveau code dans votre portail.',
      },
      reset: {
        title: 'Code PIN réinitialisé',
        message:
          'Les RH ont réinitialisé votre code PIN de borne. Définissez-en un nouveau dans votre portail.',
      },
      locked_for: {
        title: 'Code PIN bloqué',
        message:
          'Votre code PIN de borne a été bloqué pendant {{minutes}} minutes après {{attempts}} essais erronés. Si ce n’était pas vous, définissez un nouveau code dans votre portail.',
      },
    },
    biometric: {
      press_recorded: {
        title: 'Empreinte de borne enregistrée',
        message:
          'Les RH ont enregistré votre passage à la borne du {{date}} ({{action}}) que la borne n’avait pas pu vérifier.',
      },
      press_dismissed: {
        title: 'Empreinte de borne non enregistrée',
        message:
          'Un passage à la borne du {{date}} ({{action}}) avec votre numéro personnel n’a pas pu être vérifié et n’a pas été enregistré. Adressez-vous aux RH si c’était vous.',
      },
    },
    values: {
      approved: 'acceptée',
      check_in: 'arrivée',
      check_out: 'départ',
      rejected: 'refusée',
      admin: 'administrateur',
      hr: 'RH',
      manager: 'responsable',
      employee: 'employé',
      kiosk: 'borne',
      days: 'jours',
      hours: 'heures',
      annual: 'congé payé',
      sick: 'congé maladie',
      unpaid: 'congé sans solde',
      maternity: 'congé de maternité',
      family_event: 'congé pour événement familial',
    },
  },
});
