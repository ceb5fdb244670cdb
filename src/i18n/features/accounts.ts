// One's own account: sign-up through an invitation, 'Forgot password?', the 'Set a new password'
// screen of a recovery link, and changing one's password. Loaded by the public pages that use it.
import { defineTexts } from '../define.ts';

export default defineTexts('accounts', {
  en: {
    invited: {
      title: 'You were invited',
      intro:
        'Your company prepared an account for {{email}}. Choose a password to create it: your details and your role come from your employee record.',
      missingEmail: 'This invitation link is incomplete: open the link from your e-mail again.',
    },
    refusals: {
      invitationRequired:
        'An account for this e-mail was prepared by your company: use the invitation link you received, or ask for a new one.',
      invitationInvalid:
        'This invitation link is no longer valid (already used, expired or replaced): ask your company for a new one.',
      invitationOtherEmail:
        'This invitation was sent to another e-mail address: sign up with the address it was sent to.',
      employeeHasAccount: 'This employee already has an account',
      userExists: 'An account with this e-mail already exists: log in, or reset your password.',
    },
    checkEmail: 'Check your e-mail to confirm your address, then log in.',
    linked: 'Your account is linked to your employee record. You can now login using your credentials',
    password: {
      confirm: 'Confirm password',
      confirmRequired: 'Please confirm the password',
      mismatch: 'The two passwords do not match',
      hint: 'At least {{min}} characters, with a letter and a digit. Avoid a password you use elsewhere.',
      length: 'Use at least {{min}} characters.',
      characters: 'Use at least one letter and one digit.',
      pwned: 'This password appears in known data breaches: choose another one.',
      weak: 'This password is too weak.',
      wrongCurrent: 'Your current password is not correct',
      same: 'The new password must differ from the current one',
    },
    forgot: {
      link: 'Forgot password?',
      title: 'Reset your password',
      intro: 'Enter your e-mail: we will send you a link to choose a new password.',
      submit: 'Send the link',
      sent: 'If an account exists for {{email}}, a link to choose a new password is on its way.',
      failed: 'The link could not be sent',
      back: 'Back to login',
    },
    reset: {
      title: 'Set a new password',
      intro: 'Choose a new password for {{email}}.',
      newPassword: 'New password',
      submit: 'Save the new password',
      saved: 'Your new password is saved.',
      failed: 'The password could not be changed',
      checking: 'Checking your link…',
      invalidLink: 'This link is invalid or has expired. Ask for a new one from the login page.',
      noLink: 'Open this page from the link in your password-reset e-mail.',
      toLogin: 'Go to login',
    },
    menu: { changePassword: 'Change password' },
  },
  fr: {
    invited: {
      title: 'Vous êtes invité',
      intro:
        'Votre entreprise a préparé un compte pour {{email}}. Choisissez un mot de passe pour le créer : vos informations et votre rôle viennent de votre fiche employé.',
      missingEmail: 'Ce lien d’invitation est incomplet : ouvrez à nouveau le lien de votre e-mail.',
    },
    refusals: {
      invitationRequired:
        'Un compte pour cet e-mail a été préparé par votre entreprise : utilisez le lien d’invitation reçu, ou demandez-en un nouveau.',
      invitationInvalid:
        'Ce lien d’invitation n’est plus valable (déjà utilisé, expiré ou remplacé) : demandez-en un nouveau à votre entreprise.',
      invitationOtherEmail:
        'Cette invitation a été envoyée à une autre adresse e-mail : inscrivez-vous avec l’adresse qui l’a reçue.',
      employeeHasAccount: 'Cet employé a déjà un compte',
      userExists:
        'Un compte existe déjà pour cet e-mail : connectez-vous, ou réinitialisez votre mot de passe.',
    },
    checkEmail: 'Consultez vos e-mails pour confirmer votre adresse, puis connectez-vous.',
    linked:
      'Votre compte est relié à votre fiche employé. Vous pouvez maintenant vous connecter avec vos identifiants',
    password: {
      confirm: 'Confirmer le mot de passe',
      confirmRequired: 'Veuillez confirmer le mot de passe',
      mismatch: 'Les deux mots de passe ne correspondent pas',
      hint: 'Au moins {{min}} caractères, dont une lettre et un chiffre. Évitez un mot de passe utilisé ailleurs.',
      length: 'Utilisez au moins {{min}} caractères.',
      characters: 'Utilisez au moins une lettre et un chiffre.',
      pwned: 'Ce mot de passe figure dans des fuites de données connues : choisissez-en un autre.',
      weak: 'Ce mot de passe est trop faible.',
      wrongCurrent: 'Votre mot de passe actuel est incorrect',
      same: 'Le nouveau mot de passe doit être différent de l’actuel',
    },
    forgot: {
      link: 'Mot de passe oublié ?',
      title: 'Réinitialiser votre mot de passe',
      intro: 'Saisissez votre e-mail : nous vous enverrons un lien pour choisir un nouveau mot de passe.',
      submit: 'Envoyer le lien',
      sent: 'Si un compte existe pour {{email}}, un lien pour choisir un nouveau mot de passe est en route.',
      failed: 'Le lien n’a pas pu être envoyé',
      back: 'Retour à la connexion',
    },
    reset: {
      title: 'Choisir un nouveau mot de passe',
      intro: 'Choisissez un nouveau mot de passe pour {{email}}.',
      newPassword: 'Nouveau mot de passe',
      submit: 'Enregistrer le nouveau mot de passe',
      saved: 'Votre nouveau mot de passe est enregistré.',
      failed: 'Le mot de passe n’a pas pu être changé',
      checking: 'Vérification de votre lien…',
      invalidLink: 'Ce lien est invalide ou a expiré. Demandez-en un nouveau depuis la page de connexion.',
      noLink: 'Ouvrez cette page depuis le lien de votre e-mail de réinitialisation.',
      toLogin: 'Aller à la connexion',
    },
    menu: { changePassword: 'Changer le mot de passe' },
  },
});
