// The attendance page's Manual Entry (issue 25 item 8): the person picked by name, number, e-mail or
// id, then Check In or Check Out with the employee portal's rules.
import { defineTexts } from '../define.ts';

export default defineTexts('manualEntry', {
  en: {
    person: 'Employee',
    placeholder: 'Name, personal number, e-mail or ID',
    typeToSearch: 'Type a name, a personal number, an e-mail or an ID',
    searching: 'Searching…',
    noMatch: 'No employee matches “{{text}}”',
    stateIn: 'is checked in: Check Out closes the record.',
    stateOut: 'is not checked in today.',
    stateDone: 'has checked in and out today.',
    help: 'Records the punch as a manual entry, with the same rules as the employee portal’s buttons.',
    checkedIn: '{{name}} checked in',
    checkedOut: '{{name}} checked out',
    failed: 'Manual entry not recorded',
  },
  fr: {
    person: 'Employé',
    placeholder: 'Nom, numéro personnel, e-mail ou ID',
    typeToSearch: 'Saisissez un nom, un numéro personnel, un e-mail ou un ID',
    searching: 'Recherche…',
    noMatch: 'Aucun employé ne correspond à « {{text}} »',
    stateIn: 'est arrivé(e) : Départ clôt le pointage.',
    stateOut: 'n’a pas pointé son arrivée aujourd’hui.',
    stateDone: 'a pointé son arrivée et son départ aujourd’hui.',
    help: 'Enregistre le pointage comme saisie manuelle, avec les mêmes règles que les boutons du portail employé.',
    checkedIn: 'Arrivée de {{name}} enregistrée',
    checkedOut: 'Départ de {{name}} enregistré',
    failed: 'Saisie manuelle non enregistrée',
  },
});
