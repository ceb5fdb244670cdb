// The side menu's short labels (they fit its width in both languages; the screen keeps its full
// title) and the page a signed-in person meets at an address they may not open.
import { defineTexts } from '../define.ts';

export default defineTexts('navigation', {
  en: {
    menu: {
      '/dashboard': 'Dashboard',
      '/manager-portal': 'My team',
      '/employee-portal': 'My day',
      '/employee-management': 'Employees',
      '/attendance': 'Attendance',
      '/leave-requests': 'Leave',
      '/employee-registration': 'Add employee',
      '/users-management': 'Users',
      '/shifts-management': 'Shifts',
      '/salary-management': 'Salaries',
      '/payroll-management': 'Payroll',
      '/reports': 'Reports',
      '/settings': 'Settings',
      '/audit-log': 'Audit log',
    },
    home: 'Home',
    noAccess: {
      title: 'No access',
      text: 'Your role does not open this page. Your own pages are in the menu.',
      home: 'Go to my home page',
    },
  },
  fr: {
    menu: {
      '/dashboard': 'Tableau de bord',
      '/manager-portal': 'Mon équipe',
      '/employee-portal': 'Ma journée',
      '/employee-management': 'Employés',
      '/attendance': 'Pointages',
      '/leave-requests': 'Congés',
      '/employee-registration': 'Nouvel employé',
      '/users-management': 'Utilisateurs',
      '/shifts-management': 'Horaires',
      '/salary-management': 'Salaires',
      '/payroll-management': 'Paie',
      '/reports': 'Rapports',
      '/settings': 'Paramètres',
      '/audit-log': 'Journal d’audit',
    },
    home: 'Accueil',
    noAccess: {
      title: 'Accès refusé',
      text: 'Votre rôle n’ouvre pas cette page. Vos pages sont dans le menu.',
      home: 'Aller à mon accueil',
    },
  },
});
