// Settings: the biometric policy of each site (issue 26).
import { defineTexts } from '../define.ts';

export default defineTexts('biometricPolicy', {
  en: {
    title: 'Biometric policy',
    note: 'Identify: one press is searched among the site’s enrolled people. Verify: the person types their personal number, then one press is compared with their own fingerprint only, on the server. Burkina Faso’s data-protection authority asks for verification.',
    site: 'Site',
    policy: 'Policy',
    policyOf: 'Biometric policy of {{site}}',
    policies: {
      identify: 'Identify (one press)',
      verify: 'Verify (personal number + press)',
    },
    saved: 'Biometric policy of {{site}} saved',
  },
  fr: {
    title: 'Politique biométrique',
    note: 'Identifier : une pression est recherchée parmi les personnes enregistrées du site. Vérifier : la personne saisit son numéro personnel, puis une pression est comparée à sa seule empreinte, sur le serveur. L’autorité burkinabè de protection des données demande la vérification.',
    site: 'Site',
    policy: 'Politique',
    policyOf: 'Politique biométrique de {{site}}',
    policies: {
      identify: 'Identifier (une pression)',
      verify: 'Vérifier (numéro personnel + pression)',
    },
    saved: 'Politique biométrique de {{site}} enregistrée',
  },
});
