// The ten fingers' names, one text each: the back office, the sign-up, the scanner screen and the
// scanner page (src/i18n/features/scanner.ts passes them on) read them here.
import { defineTexts } from '../define.ts';

export default defineTexts('fingers', {
  en: {
    right_thumb: 'Right thumb',
    right_index: 'Right index',
    right_middle: 'Right middle',
    right_ring: 'Right ring',
    right_little: 'Right little',
    left_thumb: 'Left thumb',
    left_index: 'Left index',
    left_middle: 'Left middle',
    left_ring: 'Left ring',
    left_little: 'Left little',
  },
  fr: {
    right_thumb: 'Pouce droit',
    right_index: 'Index droit',
    right_middle: 'Majeur droit',
    right_ring: 'Annulaire droit',
    right_little: 'Auriculaire droit',
    left_thumb: 'Pouce gauche',
    left_index: 'Index gauche',
    left_middle: 'Majeur gauche',
    left_ring: 'Annulaire gauche',
    left_little: 'Auriculaire gauche',
  },
});
