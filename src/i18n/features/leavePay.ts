// Leave in payroll (issue 27 item 5): the payroll register's leave columns.
import { defineTexts } from '../define.ts';

export default defineTexts('leavePay', {
  en: {
    sheet: {
      days: 'Leave days',
      pay: 'Leave pay',
      withheld: 'Salary withheld for leave',
    },
  },
  fr: {
    sheet: {
      days: 'Jours de congé',
      pay: 'Paie des congés',
      withheld: 'Salaire retenu pour congé',
    },
  },
});
