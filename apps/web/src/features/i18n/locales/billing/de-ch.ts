// The business sign-up's and the billing screens' texts (de-ch).
import type { BillingMessages } from '../messages.js';

export const billingDeCh: BillingMessages = {
  businessSignup: {
    steps: 'Schritte der Registrierung',
    stepBusiness: 'Ihr Unternehmen',
    stepAccount: 'Ihr Konto',
    stepOf: 'Schritt {{step}} von {{count}}',
    heading: 'Unternehmen registrieren',
    lead: 'Starten Sie mit einer kostenlosen Testphase für Ihr ganzes Team: Kolleginnen und Kollegen einladen, Anfragen unter Ihrem Namen und Logo senden.',
    continue: 'Weiter',
    haveAccount: 'Sie haben schon ein Konto?',
    loginToRegister: 'Anmelden und Unternehmen registrieren',
    accountHeading: 'Konto erstellen',
    accountLead: 'Sie werden die erste Administratorin oder der erste Administrator von {{name}}.',
    change: 'Angaben zum Unternehmen ändern',
    submit: 'Konto und Unternehmen erstellen',
    noDraft: 'Beschreiben Sie zuerst Ihr Unternehmen, dann erstellen Sie Ihr Konto.',
    toFirstStep: 'Zum ersten Schritt',
    mailSentNote:
      'Sobald Sie sie bestätigt haben, wird {{name}} registriert und Sie gelangen in den Administrationsbereich.',
  },
};
