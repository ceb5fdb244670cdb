// A manager's own pending salary proposal (edit, withdraw) and notifications written to a person,
// a team or a department, with a title and the sender shown (issue 25 item 8).
import { defineTexts } from '../define.ts';

export default defineTexts('proposals', {
  en: {
    editTitle: 'Edit Salary Proposal',
    edit: 'Edit',
    withdraw: 'Withdraw',
    withdrawConfirm: 'Withdraw the salary proposal for {{name}}?',
    withdrawOk: 'Withdraw',
    withdrawn: 'Proposal withdrawn',
    withdrawFailed: 'Failed to withdraw the proposal',
    notify: {
      audience: 'Send to',
      person: 'One person',
      team: 'My whole team',
      department: 'A department',
      departmentLabel: 'Department',
      titleLabel: 'Title',
      invalid: 'Choose who receives it, and enter a title and a message',
      sentTo_one: 'Notification sent to {{count}} person',
      sentTo_other: 'Notification sent to {{count}} people',
    },
    from: 'From {{name}}',
  },
  fr: {
    editTitle: 'Modifier la proposition de salaire',
    edit: 'Modifier',
    withdraw: 'Retirer',
    withdrawConfirm: 'Retirer la proposition de salaire pour {{name}} ?',
    withdrawOk: 'Retirer',
    withdrawn: 'Proposition retirée',
    withdrawFailed: 'Échec du retrait de la proposition',
    notify: {
      audience: 'Destinataires',
      person: 'Une personne',
      team: 'Toute mon équipe',
      department: 'Un département',
      departmentLabel: 'Département',
      titleLabel: 'Titre',
      invalid: 'Choisissez les destinataires, puis saisissez un titre et un message',
      sentTo_one: 'Notification envoyée à {{count}} personne',
      sentTo_other: 'Notification envoyée à {{count}} personnes',
    },
    from: 'De {{name}}',
  },
});
