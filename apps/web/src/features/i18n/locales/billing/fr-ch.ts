// The business sign-up's and the billing screens' texts (fr-ch).
import type { BillingMessages } from '../messages.js';

export const billingFrCh: BillingMessages = {
  businessSignup: {
    steps: "Étapes de l'inscription",
    stepBusiness: 'Votre entreprise',
    stepAccount: 'Votre compte',
    stepOf: 'Étape {{step}} sur {{count}}',
    heading: 'Inscrire votre entreprise',
    lead: 'Commencez par un essai gratuit pour toute votre équipe : invitez vos collègues, envoyez des demandes sous votre nom et votre logo.',
    continue: 'Continuer',
    haveAccount: 'Vous avez déjà un compte ?',
    loginToRegister: 'Se connecter pour enregistrer votre entreprise',
    accountHeading: 'Créer votre compte',
    accountLead: 'Vous serez le premier administrateur ou la première administratrice de {{name}}.',
    change: "Modifier les données de l'entreprise",
    submit: "Créer le compte et l'entreprise",
    noDraft: "Décrivez d'abord votre entreprise, puis créez votre compte.",
    toFirstStep: 'Aller à la première étape',
    mailSentNote:
      "Dès que vous l'aurez confirmée, {{name}} sera enregistrée et vous arriverez dans son espace d'administration.",
  },
};
