// The business sign-up's and the billing screens' texts (it).
import type { BillingMessages } from '../messages.js';

export const billingIt: BillingMessages = {
  businessSignup: {
    steps: 'Passi della registrazione',
    stepBusiness: 'La tua azienda',
    stepAccount: 'Il tuo account',
    stepOf: 'Passo {{step}} di {{count}}',
    heading: 'Registra la tua azienda',
    lead: 'Inizia con una prova gratuita per tutto il team: invita i colleghi, invia richieste con il tuo nome e il tuo logo.',
    continue: 'Continua',
    haveAccount: 'Hai già un account?',
    loginToRegister: 'Accedi per registrare la tua azienda',
    accountHeading: 'Crea il tuo account',
    accountLead: 'Sarai il primo amministratore di {{name}}.',
    change: "Modifica i dati dell'azienda",
    submit: 'Crea account e azienda',
    noDraft: 'Descrivi prima la tua azienda, poi crea il tuo account.',
    toFirstStep: 'Vai al primo passo',
    mailSentNote:
      'Una volta confermato, {{name}} viene registrata e arrivi nella sua area di amministrazione.',
  },
};
