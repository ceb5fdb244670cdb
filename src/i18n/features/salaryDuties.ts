import { defineTexts } from '../define.ts';

// Separation of duties on salary structures: why a person may not decide one, and what bulk
// approval left for another admin.
export default defineTexts('salaryDuties', {
  en: {
    reasons: {
      salary_self_approval:
        'This is your own salary: another admin must approve or reject it (separation of duties).',
      salary_creator_approval:
        'You created this salary structure: another admin must approve or reject it (separation of duties).',
      salary_editor_approval:
        'You changed the amounts of this salary structure: another admin must approve or reject it (separation of duties).',
    },
    short: {
      salary_self_approval: 'your own salary',
      salary_creator_approval: 'created by you',
      salary_editor_approval: 'amounts changed by you',
    },
    confirmLeft:
      '{{count}} other pending structures are left for another admin: your own, or created or changed by you.',
    leftTitle_one: '{{count}} left for another admin',
    leftTitle_other: '{{count}} left for another admin',
    noneDecidable: 'No pending salary structure you may decide',
    noneDecidableDetail:
      'Each one is your own salary, or you created it or changed its amounts: another admin must decide it.',
  },
  fr: {
    reasons: {
      salary_self_approval:
        'C’est votre propre salaire : un autre administrateur doit l’approuver ou le rejeter (séparation des tâches).',
      salary_creator_approval:
        'Vous avez créé cette structure salariale : un autre administrateur doit l’approuver ou la rejeter (séparation des tâches).',
      salary_editor_approval:
        'Vous avez modifié les montants de cette structure salariale : un autre administrateur doit l’approuver ou la rejeter (séparation des tâches).',
    },
    short: {
      salary_self_approval: 'votre propre salaire',
      salary_creator_approval: 'créée par vous',
      salary_editor_approval: 'montants modifiés par vous',
    },
    confirmLeft:
      '{{count}} autres structures en attente sont laissées à un autre administrateur : la vôtre, ou créées ou modifiées par vous.',
    leftTitle_one: '{{count}} laissée à un autre administrateur',
    leftTitle_other: '{{count}} laissées à un autre administrateur',
    noneDecidable: 'Aucune structure salariale en attente que vous puissiez décider',
    noneDecidableDetail:
      'Chacune est votre propre salaire, ou vous l’avez créée ou en avez modifié les montants : un autre administrateur doit la décider.',
  },
});
