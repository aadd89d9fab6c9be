// Italian. Spec 1: offered only in direct-sign mode, never selectable elsewhere.
import type { CoreMessages } from './messages.js';
import { titlesIt } from './titles/it.js';

export const it: CoreMessages = {
  app: {
    name: 'Countersign',
    skipToContent: 'Vai al contenuto',
    loading: 'Caricamento…',
    close: 'Chiudi',
    language: 'Lingua',
  },
  pageTitles: titlesIt,
  nav: {
    menu: 'Menu',
    main: 'Navigazione principale',
    dashboard: 'Panoramica',
    upload: 'Carica',
    profile: 'Profilo',
    changePassword: 'Cambia password',
    logout: 'Esci',
    business: 'Azienda',
    businessNavigation: 'Navigazione azienda',
    businessLinks: {
      dashboard: 'Panoramica',
      activity: 'Attività',
      members: 'Membri',
      seals: 'Sigilli',
      settings: 'Impostazioni',
      billing: 'Fatturazione',
      api: 'Interfaccia API',
      profile: "Profilo dell'azienda",
      domains: 'Domini',
    },
    backToApp: "Torna all'applicazione",
  },
  form: {
    required: 'Questo campo è obbligatorio',
    email: 'Inserisci un indirizzo e-mail valido',
    number: 'Questo campo può contenere solo numeri',
    integer: 'Questo campo può contenere solo numeri interi',
    capital: 'Questo campo può contenere solo lettere maiuscole',
    maxLength: 'Puoi inserire al massimo {{0}} caratteri',
    minLength: 'Devi inserire almeno {{0}} caratteri',
    strictLength: 'La lunghezza del valore inserito non è valida',
    exclude: 'Il carattere {{0}} non è consentito',
    notEmpty: 'Scegli almeno un valore',
    pattern: 'Formato non valido',
    passwordMismatch: 'Le password non coincidono',
    showPassword: 'Mostra password',
    hidePassword: 'Nascondi password',
  },
  sso: {
    signIn: {
      heading: 'Accesso unico (single sign-on)',
      intro:
        'La vostra azienda vi fa accedere tramite un proprio fornitore di identità? Inserite il vostro indirizzo e-mail di lavoro.',
      email: 'Indirizzo e-mail di lavoro',
      submit: 'Continua con il single sign-on',
      withProvider: 'Accedi con {{name}}',
    },
    callback: {
      checking: 'Accesso in corso…',
    },
    link: {
      heading: 'Collegate il vostro account',
      intro:
        'Esiste già un account per {{email}}. Inserite una volta la sua password per accedere d’ora in poi tramite il vostro fornitore di identità.',
      submit: 'Collega e accedi',
    },
    error: {
      heading: 'Single sign-on non riuscito',
      intro: 'Non è stato possibile farvi accedere tramite il vostro fornitore di identità.',
      companyHeading: 'Il single sign-on non è possibile per la vostra azienda',
      companyIntro: 'La vostra azienda non consente ancora questo accesso.',
      backToLogin: 'Torna al login',
    },
    setup: {
      heading: 'Completate la configurazione del vostro account',
      intro:
        'Avete effettuato l’accesso come {{email}}. Il vostro fornitore di identità non ci ha comunicato il vostro nome: indicatelo, per favore.',
      firstName: 'Nome',
      lastName: 'Cognome',
      submit: 'Continua',
    },
    admin: {
      heading: 'Accesso unico (single sign-on)',
      text: 'Consentite ai vostri membri di accedere tramite il fornitore di identità della vostra azienda (OpenID Connect). Solo gli indirizzi dei vostri domini verificati possono usarlo.',
      redirectUri: 'Registrate questo URI di reindirizzamento presso il vostro fornitore: {{uri}}',
      issuer: 'URL dell’emittente',
      clientId: 'ID client',
      clientSecret: 'Segreto client',
      secretKept: 'Salvato; lasciate vuoto per mantenerlo',
      scopes: 'Scope',
      required: 'I membri devono accedere tramite il fornitore di identità (nessun accesso con password)',
      save: 'Salva il fornitore di identità',
      test: 'Prova',
      remove: 'Rimuovi',
      useSandbox: 'Usa il fornitore sandbox',
      testPassed: 'Il fornitore di identità risponde.',
    },
  },
  scim: {
    admin: {
      heading: 'Provisioning degli utenti (SCIM)',
      text: "Lasci che il suo fornitore di identità aggiunga e rimuova i membri tramite SCIM 2.0. Gli fornisca l'URL di base qui sotto e un token; le persone aggiunte occupano un posto, quelle rimosse perdono l'appartenenza.",
      baseUrl: 'URL di base SCIM: {{url}}',
      state: 'Esiste un token, creato il {{created}}, usato l’ultima volta {{used}}.',
      neverUsed: 'mai',
      none: 'Nessun token: il provisioning SCIM è disattivato.',
      shownOnce: 'Copi ora questo token nel suo fornitore di identità: non verrà più mostrato.',
      tokenLabel: 'Token SCIM',
      stored: "L'ho salvato",
      create: 'Crea un token',
      rotate: 'Rinnova il token',
      revoke: 'Revoca il token',
    },
  },
  eid: {
    checking: 'Verifica della risposta della vostra eID…',
    again: 'Ricominciare',
    cancel: 'Annulla',
    locked: 'Ripreso dalla vostra eID; non può essere modificato.',
    birthDate: 'Data di nascita',
    plus: {
      heading: 'Registrarsi con eID+',
      lead: 'La vostra eID+ conferma chi siete: il conto ne riprende nome, data di nascita e indirizzo e-mail, e potete firmare subito al livello avanzato.',
      start: 'Registrarsi con eID+',
      withPassword: 'Registrarsi invece con indirizzo e-mail e password',
      failedHeading: 'La registrazione con eID+ non è riuscita',
    },
    supply: {
      title: 'Trasmettere i dati eID',
      text: 'eID+ trasmetterà a Countersign nome, cognome, data di nascita e indirizzo e-mail. Nome e data di nascita sono ripresi esattamente come li indica la vostra eID e non potranno più essere modificati nel profilo.',
      confirm: 'Continuare verso eID+',
    },
    austria: {
      section: 'ID Austria',
      lead: 'Collegate una volta la vostra ID Austria per essere identificati per le firme avanzate secondo eIDAS.',
      connected: 'La vostra ID Austria è collegata: potete firmare al livello avanzato secondo eIDAS.',
      connect: 'Collegare ID Austria',
      dialogTitle: 'Collegare la eID nazionale (Austria)',
      dialogText:
        'Accederete con ID Austria. Conferma nome e data di nascita, che sostituiscono quelli del profilo e non potranno più essere modificati.',
      dialogConfirm: 'Continuare verso ID Austria',
      disconnect: 'Scollegare ID Austria',
      disconnectText:
        'Scollegare ID Austria? Non sarà più identificato tramite essa per le firme avanzate, e il suo nome e la data di nascita tornano modificabili. Le firme già apposte restano come sono.',
      disconnectConfirm: 'Scollega',
      successHeading: 'ID Austria collegata',
      successText: 'Siete identificati per le firme avanzate secondo eIDAS.',
      failedHeading: 'Non è stato possibile collegare ID Austria',
      toStandards: 'Ai vostri standard di firma',
      toRequest: 'Torna alla richiesta',
    },
  },
  login: {
    alreadySignedIn: 'Hai già effettuato l’accesso, ecco la tua panoramica.',
    heading: 'Accedi',
    intro: 'Bentornato. Accedi per firmare e inviare documenti.',
    email: 'Indirizzo e-mail',
    password: 'Password',
    submit: 'Accedi',
    forgotPassword: 'Password dimenticata?',
    noAccount: 'Non hai ancora un account?',
    signupLink: 'Registrati gratuitamente',
    resendConfirmation: 'Invia di nuovo il link di conferma',
    confirmationResent: 'Abbiamo inviato un nuovo link di conferma a {{email}}.',
  },
  legal: {
    operatorTerms: 'Il gestore di questo servizio pubblica le sue condizioni generali sul proprio sito:',
    operatorPrivacy:
      'Il gestore di questo servizio pubblica la sua informativa sulla privacy sul proprio sito:',
    terms: {
      heading: 'Condizioni generali',
      intro:
        'Queste condizioni valgono per questa installazione di Countersign, poiché il suo gestore non ne ha pubblicate di proprie.',
      service:
        'Il servizio vi permette di caricare documenti PDF, farli firmare ad altri e firmarli voi stessi. Ogni firma è aggiunta al documento come nuova revisione, così le firme precedenti restano valide.',
      account:
        'Tenete segreta la vostra password: rispondete di ciò che viene fatto con il vostro account. Indicate i nomi e gli indirizzi veri delle persone a cui chiedete di firmare.',
      content:
        'Caricate solo documenti che potete condividere con i destinatari. I vostri documenti restano vostri; il gestore li usa solo per fornire il servizio.',
      signatures:
        'Se una firma elettronica soddisfi un requisito di forma previsto dalla legge dipende dal suo livello (semplice, avanzata o qualificata) e dal diritto che regola il documento. Scegliete il livello richiesto dal documento.',
      availability:
        'Il gestore conduce il servizio con cura ma non può garantire che sia sempre disponibile. Scaricate i documenti firmati che dovete conservare.',
      changes:
        'Il gestore può modificare queste condizioni; vi sarà chiesto di accettare le nuove condizioni prima di continuare a usare il servizio.',
    },
    privacy: {
      heading: 'Informativa sulla privacy',
      intro:
        'Questa informativa vale per questa installazione di Countersign, poiché il suo gestore non ne ha pubblicata una propria. Il gestore di questa installazione è responsabile dei vostri dati.',
      data: 'Cosa viene salvato: il vostro nome, indirizzo e-mail e lingua; i documenti che caricate o che vi si chiede di firmare; e per ogni richiesta chi vi ha preso parte, che cosa ha fatto e quando, con il suo indirizzo IP, in un registro che rivela ogni modifica successiva.',
      purpose:
        'Perché: per preparare e recapitare le richieste di firma, creare e verificare le firme, e provare in seguito chi ha firmato che cosa e quando. Nulla viene venduto o usato per pubblicità.',
      sharing:
        'Chi li vede: i partecipanti a una richiesta ne vedono i documenti, i partecipanti e la cronologia. Il certificato emesso per la vostra firma contiene il vostro nome e indirizzo e-mail.',
      storage:
        "Per quanto tempo: i documenti e la loro cronologia sono conservati finché il mittente elimina la richiesta o l'account viene eliminato; le prove delle firme possono essere conservate per il tempo richiesto dalla legge.",
      browser:
        "Nel vostro browser: l'app conserva la sessione nella memoria del browser e ricorda la vista della dashboard in un cookie. Non imposta cookie di tracciamento o pubblicitari.",
      rights:
        "I vostri diritti: potete vedere e correggere i vostri dati nel profilo, eliminarvi l'account e chiedere al gestore una copia dei vostri dati.",
    },
  },
  signup: {
    heading: 'Crea il tuo account',
    intro: 'Firma documenti con firme elettroniche giuridicamente valide.',
    firstName: 'Nome',
    lastName: 'Cognome',
    email: 'Indirizzo e-mail',
    password: 'Password',
    acceptTerms:
      "Accetto le <terms>condizioni generali</terms> e l'<privacy>informativa sulla privacy</privacy>",
    submit: 'Registrati',
    haveAccount: 'Hai già un account?',
    loginLink: 'Accedi',
  },
  signupMailSent: {
    heading: 'Controlla la tua casella di posta',
    text: 'Abbiamo inviato un link di conferma a {{email}}. Aprilo per attivare il tuo account.',
    textNoEmail: 'Ti abbiamo inviato un link di conferma. Aprilo per attivare il tuo account.',
    resend: 'Invia di nuovo il link',
    resent: 'Un nuovo link è in arrivo.',
  },
  signupSteps: {
    stepOf: 'Passo {{step}} di {{count}}',
    continue: 'Continua',
    finish: 'Fine',
    skip: 'Salta',
    back: 'Indietro',
    name: { heading: 'Il tuo nome', lead: 'Il tuo nome compare sulle tue richieste e firme.' },
    terms: {
      heading: 'Condizioni generali',
      lead: 'Accetta le condizioni generali per usare il servizio.',
    },
    language: { heading: 'Lingua', lead: 'La lingua di queste pagine e delle e-mail che ti inviamo.' },
    signing: {
      heading: 'Come firmi',
      lead: 'La legislazione e il livello di firma con cui iniziano le tue nuove richieste. Puoi cambiarli per ogni richiesta.',
    },
    identity: {
      heading: 'La tua identità',
      lead: 'Dimostra una volta chi sei per firmare al livello avanzato. Puoi farlo anche più tardi nel tuo profilo.',
    },
  },
  signupConfirm: {
    heading: 'Conferma il tuo indirizzo e-mail',
    confirming: 'Conferma del tuo indirizzo e-mail in corso…',
    success: 'Il tuo indirizzo e-mail {{email}} è confermato. Ora puoi accedere.',
    missingToken: "Questo link di conferma è incompleto. Apri di nuovo il link contenuto nell'e-mail.",
    toLogin: "Vai all'accesso",
  },
  passwordReset: {
    heading: 'Reimposta la password',
    intro:
      "Inserisci l'indirizzo e-mail del tuo account e ti invieremo un link per scegliere una nuova password.",
    email: 'Indirizzo e-mail',
    submit: 'Invia link',
    backToLogin: "Torna all'accesso",
    mailSentHeading: 'Controlla la tua casella di posta',
    mailSentText:
      'Se esiste un account per {{email}}, gli abbiamo inviato un link per reimpostare la password.',
    mailSentTextNoEmail:
      'Se esiste un account per questo indirizzo, gli abbiamo inviato un link per reimpostare la password.',
    newHeading: 'Scegli una nuova password',
    newPassword: 'Nuova password',
    confirmPassword: 'Ripeti la nuova password',
    save: 'Salva password',
    missingToken:
      "Questo link è incompleto. Apri di nuovo il link contenuto nell'e-mail o richiedine uno nuovo.",
    requestNew: 'Richiedi un nuovo link',
    confirmHeading: 'Password modificata',
    confirmText: 'La tua password è stata modificata. Accedi con la nuova password.',
  },
  passwordPolicy: {
    checking: 'Verifica della password…',
    valid: 'Questa password soddisfa i requisiti.',
    invalid: 'Questa password non soddisfa i requisiti.',
    hint: 'Usa almeno {{min}} caratteri; una frase segreta va benissimo. Evita password comuni e il tuo indirizzo e-mail.',
    codes: {
      too_short: 'La password è troppo corta.',
      too_long: 'La password è troppo lunga.',
      too_common: "Questa password è troppo comune; scegline un'altra.",
      contains_email: 'La password non deve contenere il tuo indirizzo e-mail.',
      repetitive: 'La password non deve essere un solo carattere ripetuto.',
    },
  },
  changePassword: {
    heading: 'Cambia password',
    weakNotice: 'La tua password non soddisfa più i nostri requisiti. Scegline una nuova per continuare.',
    current: 'Password attuale',
    newPassword: 'Nuova password',
    confirmPassword: 'Ripeti la nuova password',
    submit: 'Cambia password',
    success: 'La tua password è stata modificata.',
  },
  logout: {
    inProgress: 'Disconnessione in corso…',
  },
  dashboard: {
    greeting: 'Ciao {{name}}',
    tabsLabel: 'Richieste di firma',
    tabs: {
      inbox: 'In arrivo',
      drafts: 'Bozze',
      search: 'Cerca',
    },
    searchLabel: 'Cerca richieste di firma',
    filters: {
      label: 'Filtri e ordinamento',
      toggle: 'Filtri e ordinamento',
      status: 'Stato',
      statuses: {
        open: 'Aperta',
        completed: 'Completata',
        declined: 'Rifiutata',
        withdrawn: 'Ritirata',
        expired: 'Scaduta',
      },
      dateFrom: 'Dal',
      dateTo: 'Al',
      timeMode: 'Le date si riferiscono a',
      timeModes: { updated: 'Ultima modifica', created: 'Creazione' },
      sentByMe: 'Solo le richieste inviate da me',
      sort: 'Ordina per',
      sorts: {
        updated_at_desc: 'Ultima modifica, prima le più recenti',
        updated_at_asc: 'Ultima modifica, prima le meno recenti',
        created_at_desc: 'Creazione, prima le più recenti',
        created_at_asc: 'Creazione, prima le meno recenti',
        title_desc: 'Titolo, dalla Z alla A',
        title_asc: 'Titolo, dalla A alla Z',
      },
      pageSize: 'Richieste per pagina',
      reset: 'Azzera i filtri',
    },
    status: {
      to_sign: 'Da firmare',
      waiting: 'In attesa',
      cancelled: 'Annullata',
      completed: 'Completata',
      draft: 'Bozza',
    },
    list: {
      label: 'Richieste di firma',
      loading: 'Caricamento delle richieste di firma…',
      error: 'Non è stato possibile caricare le richieste di firma.',
      retry: 'Riprova',
      empty: {
        inbox: 'Ancora nessuna richiesta di firma. Carica un documento per inviare la prima.',
        drafts: 'Nessuna bozza. Le richieste salvate prima dell’invio compaiono qui.',
        search: 'Nessuna richiesta di firma corrisponde alla ricerca e ai filtri.',
      },
      upload: 'Carica un documento',
      yourDraft: 'La tua bozza, non ancora inviata',
      sentByYou: 'Inviata da te',
      from: 'Da {{email}}',
      progress: '{{signed}} di {{total}} firmate',
      updated: 'Modificata il {{date}}',
      created: 'Creata il {{date}}',
      total: 'Richieste trovate: {{total}}',
    },
    drafts: {
      select: 'Seleziona «{{title}}»',
      selectAll: 'Seleziona tutte le bozze di questa pagina',
      delete: 'Elimina «{{title}}»',
      deleteShort: 'Elimina',
      deleteSelected: 'Elimina le bozze selezionate ({{count}})',
      deleted_one: 'La bozza è stata eliminata.',
      deleted_other: '{{count}} bozze sono state eliminate.',
    },
    duplicate: {
      action: 'Duplica «{{title}}»',
      short: 'Duplica',
      done: 'È stata creata una copia come nuova bozza.',
    },
    pagination: {
      label: 'Pagine delle richieste di firma',
      previous: 'Pagina precedente',
      next: 'Pagina successiva',
      position: 'Pagina {{page}} di {{pages}}',
    },
  },
  notBuilt: {
    heading: 'Non ancora realizzato',
    text: 'Questa schermata fa parte di una versione successiva di Countersign. Qui non funziona ancora nulla.',
    back: 'Torna alla panoramica',
  },
  error: {
    title: 'Pagina non trovata',
    subtitle: 'La pagina che cerchi non esiste o è stata spostata.',
    button: 'Vai alla pagina iniziale',
    illustration: 'Un cartello che non indica nessuna direzione',
  },
  sorry: {
    heading: 'Spiacenti, qualcosa è andato storto',
    text: 'Il nostro server non ha potuto completare la richiesta. Riprova tra un momento.',
    retry: 'Riprova',
  },
  maintenance: {
    light: {
      text: 'È in corso una manutenzione; alcune funzioni potrebbero essere lente o non disponibili.',
      link_text: 'Maggiori informazioni',
    },
    heading: 'Manutenzione in corso',
    text: 'Countersign è in fase di aggiornamento. Torna tra qualche minuto.',
    status: 'Pagina di stato',
  },
  draftDialogs: {
    removeTitle: 'Rimuovere questo documento?',
    removeText:
      '«{{name}}» e i campi posti su di esso saranno rimossi dalla bozza. Una bozza senza documenti non può essere inviata finché non se ne aggiunge uno.',
    removeConfirm: 'Rimuovi',
    leaveTitle: 'Lasciare questa pagina?',
    leaveText: 'Le ultime modifiche non sono ancora salvate. Se esci ora, restano solo in questo browser.',
    leaveConfirm: 'Esci',
    stay: 'Resta',
    deleteTitle: 'Eliminare i documenti?',
    deleteText_one:
      'La bozza «{{titles}}» e i suoi documenti verranno eliminati. L’operazione è irreversibile.',
    deleteText_other:
      '{{count}} bozze e i loro documenti verranno eliminati: {{titles}}. L’operazione è irreversibile.',
    deleteConfirm: 'Elimina',
    keep: 'Conserva',
    invisibleTitle: 'Inviare con una firma invisibile?',
    invisibleText:
      '{{names}} non ha un campo firma su alcuni documenti. Questi documenti verranno firmati in modo invisibile: la firma è nel PDF ma non appare su nessuna pagina.',
    invisibleConfirm: 'Invia comunque',
    placeFields: 'Prima posiziona i campi',
  },
  testSystem: {
    heading: 'Sistema di test',
    text: 'Questo è un sistema di test. Le firme apposte qui non sono giuridicamente valide e i dati possono essere cancellati in qualsiasi momento.',
    dismiss: 'Ho capito',
  },
  terms: {
    heading: 'Condizioni generali',
    text: "Accetta le nostre condizioni generali e l'informativa sulla privacy per continuare a usare Countersign.",
    accept: 'Accetta e continua',
    logout: 'Esci invece',
  },
  simplePages: {
    byeHeading: 'Arrivederci',
    byeText: 'Il tuo account è stato eliminato. Grazie per aver usato Countersign.',
    expiredHeading: 'Link scaduto',
    expiredText: 'Questo link non è più valido.',
    cookiesHeading: 'I cookie sono bloccati',
    cookiesText:
      'Countersign ha bisogno dei cookie e della memoria locale per mantenerti connesso. Consentili e ricarica la pagina.',
  },
  business: {
    not_allowed: 'Solo gli admin della tua azienda possono aprire le sue pagine.',
  },
  global: {
    error: {
      generic_support:
        'Qualcosa è andato storto. Riprova, oppure contatta il nostro supporto se succede ancora.',
    },
  },
  // spec 8's thrown messages (features/errors/action-failure.ts)
  actionFailures: {
    remindSigners: 'Impossibile inviare il promemoria ai firmatari',
    inviteSigner: 'Impossibile invitare il firmatario',
    addObserver: 'Impossibile aggiungere l’osservatore',
    claimRequest: 'Impossibile prendere in carico la richiesta di firma',
  },
  apiErrors: {
    generic: 'Qualcosa è andato storto. Riprova.',
    network: 'Il server non è raggiungibile. Controlla la connessione e riprova.',
    unavailable: 'Il servizio è temporaneamente non disponibile. Riprova tra poco.',
    invalidCredentials: "L'indirizzo e-mail o la password non sono corretti.",
    emailNotConfirmed: 'Conferma prima il tuo indirizzo e-mail. Trovi il link nella tua casella di posta.',
    passwordUnchanged: 'La nuova password deve essere diversa da quella attuale.',
    wrongPassword: 'La password attuale non è corretta.',
    tokenInvalid: 'Questo link non è valido.',
    tokenUsed: 'Questo link è già stato usato.',
    ssoDomainNotVerified:
      'Nessuna azienda ha configurato il single sign-on per il dominio di questo indirizzo e-mail.',
    ssoNotConfigured: 'La vostra azienda non ha ancora configurato il single sign-on.',
    walletRequestUnknown: 'Questa richiesta al portafoglio non è più aperta. Ricominciate l’identificazione.',
    walletRequestExpired: 'La richiesta al portafoglio è scaduta. Ricominciate l’identificazione.',
    walletPresentationInvalid: 'Non è stato possibile verificare la risposta del portafoglio. Riprovate.',
    walletIssuerUntrusted: 'L’identità nel portafoglio proviene da un emittente che Countersign non accetta.',
    walletCredentialExpired:
      'L’identità nel portafoglio è scaduta. Rinnovatela nel portafoglio, poi riprovate.',
    walletClaimsMissing: 'Il portafoglio non ha condiviso nome e paese di rilascio, necessari per la firma.',
    ssoFlowInvalid: 'Questo accesso è scaduto o è già stato usato. Ricominciate, per favore.',
    ssoTokenInvalid:
      'La risposta del vostro fornitore di identità non è affidabile. Ricominciate, per favore.',
    ssoProviderRefused: "Il vostro fornitore di identità non ha consentito l'accesso.",
    ssoProviderUnavailable: 'Il vostro fornitore di identità non risponde al momento. Riprovate più tardi.',
    ssoEmailNotVerified: 'Il vostro fornitore di identità non ha confermato il vostro indirizzo e-mail.',
    ssoMemberOfAnother: "Il vostro account appartiene a un'altra azienda.",
    ssoLinkInvalid: 'Questo accesso è scaduto. Accedete di nuovo tramite il vostro fornitore di identità.',
    ssoRequired: "La vostra azienda richiede l'accesso tramite il suo fornitore di identità.",
    ssoIssuerInvalid: "L'emittente deve essere un indirizzo https://.",
    eidClaimsMissing: 'La vostra eID non ha confermato nome e data di nascita.',
    eidAddressTaken:
      'Esiste già un conto con questo indirizzo e-mail. Accedete e collegate la eID nel profilo.',
    eidIdentityTaken: 'Questa eID è già collegata a un altro conto.',
    eidNotConnected: 'Nessuna eID di questo tipo è collegata al suo conto.',
    eidLastWayIn:
      'La sua eID è l’unico accesso al suo conto. Imposti prima una password («Password dimenticata»), poi la scolleghi.',
    eidFieldImmutable: 'Nome e data di nascita provengono dalla vostra eID e non possono essere modificati.',
    tokenExpired: 'Questo link è scaduto. Richiedine uno nuovo.',
    observerNotFound: 'Questo osservatore non figura più nella richiesta.',
    tooManyRequests: 'Troppi tentativi. Attendi un momento e riprova.',
    validation: 'Alcuni campi non sono validi. Controlla i dati inseriti.',
    alreadyTakesPart: 'Questa persona partecipa già alla richiesta. Scegli qualcun altro.',
    alreadyObserver: 'Questa persona osserva già la richiesta.',
    requestChanged:
      'La richiesta è cambiata nel frattempo (firmata, rifiutata o ritirata). Ricarica la pagina.',
    requestForbidden: 'Non puoi fare questo con questa richiesta.',
    requestNotFound: 'Questa richiesta di firma non esiste più.',
    notFound: 'Questo elemento non esiste più o non è visibile per lei.',
    invalidFile:
      'Questo file non può essere usato. Scelga un file leggibile, non protetto e di un tipo accettato.',
    fileTooLarge: 'Il file è troppo grande.',
    // business accounts (the console and its dialogs)
    // qualified signatures at a trust service provider (ADR 076)
    cello: {
      alreadyReferred: 'Questo account è già stato raccomandato da qualcun altro.',
    },
    mobileId: {
      unavailable:
        'Mobile ID non può confermare questa firma al momento (non disponibile, o il numero non ha un Mobile ID attivo).',
      notAdvanced: 'Mobile ID conferma solo firme avanzate.',
      numberMissing: 'Inserisca il numero di cellulare per la conferma.',
      notPending: 'Nessuna conferma Mobile ID è in attesa. Ricominci.',
      refused: 'Ha rifiutato la richiesta sul Suo telefono. Non è stato firmato nulla.',
      timeout: 'La richiesta sul Suo telefono è scaduta. Ricominci.',
    },
    qualified: {
      qtspUnavailable:
        'Il servizio di firma del prestatore di fiducia non risponde. Non è stato firmato nulla; riprova tra poco.',
      qtspRefused:
        'Il prestatore di fiducia ha rifiutato la firma. Riprova più tardi o contatta il supporto.',
      authorisationExpired:
        'La tua autorizzazione presso il prestatore di fiducia è scaduta. Autorizza di nuovo la firma.',
      credentialLocked:
        'La tua credenziale di firma è bloccata dopo troppi codici errati. Riprova più tardi.',
      authorisationDenied: 'La firma è stata annullata presso il prestatore di fiducia.',
      authorisationInvalid: 'Questa autorizzazione non è più valida. Ricomincia la firma.',
      redirectNotPending: 'Nessuna firma attende questa autorizzazione. Ricomincia la firma.',
      notQualified: 'Solo le firme qualificate vengono create presso il prestatore di fiducia.',
      directSignDisabled:
        'La firma tramite il prestatore di fiducia non è attiva per i firmatari tramite link di questa azienda.',
      serialNumberMismatch:
        'Il suo certificato di firma presso il fornitore è stato rinnovato dopo la preparazione di questa firma. Nulla è stato firmato: firmi di nuovo.',
      pwdotpRequired:
        'Servono la sua password presso il fornitore di firma e il codice che le ha inviato: li inserisca.',
      passwordInvalid:
        'La password presso il fornitore di firma è errata. Più tentativi errati bloccano il suo certificato di firma.',
      passwordWeak: 'Scelga una password da 8 a 64 caratteri con almeno una lettera e una cifra.',
    },
    directTan: {
      missing: 'Nessun codice è in attesa. Ne richieda uno nuovo.',
      resendLimit: 'Nell’ultima ora sono stati inviati cinque codici. Attenda prima di richiederne un altro.',
      required: 'Questa richiesta chiede di confermare con un codice inviato via e-mail prima di firmare.',
    },
    verification: {
      cancelled: 'Ha annullato questa conferma. Richieda un nuovo codice.',
    },
    part11: {
      accountRequired: 'Una firma Part 11 richiede un account: acceda o crei un account.',
      reauthenticationRequired: 'Inserisca la password e il codice che le abbiamo inviato.',
      meaningRequired: 'Indichi il suo nome in stampatello e il significato della sua firma.',
      passwordInvalid: 'La password è errata.',
      codeMissing: 'Nessun codice è in attesa. Si invii un nuovo codice.',
      codeInvalid: 'Il codice è errato. Lo verifichi e riprovi.',
      codeExpired: 'Il codice è scaduto. Se ne invii uno nuovo.',
      codeLocked: 'Troppi tentativi errati. Si invii un nuovo codice.',
      codeLimit: 'Nell’ultima ora sono stati inviati cinque codici. Attenda prima di richiederne un altro.',
      notRequired: 'Questa richiesta non le chiede una firma Part 11.',
    },
    embeddedSigning: {
      noOrigins: 'La vostra azienda non autorizza ancora alcun sito a integrare la sua pagina di firma.',
      signerNotPending: 'Questo firmatario non ha più nulla da firmare.',
    },
    template: {
      forbidden: 'Solo il proprietario di questo modello, o un admin della tua azienda, può modificarlo.',
      limitReached: 'Hai già tanti modelli quanti consentiti. Eliminane prima uno.',
      sourceNotDraft: 'Solo una bozza può essere salvata come modello.',
      noDocuments: 'Questo modello non ha ancora documenti.',
      invalidField: 'Un campo del modello non è posizionato correttamente.',
      roleInUse: 'Per questo ruolo sono posizionati dei campi. Rimuovili prima.',
      roleMissing: 'Indica una persona o un gruppo di firmatari per ogni ruolo.',
      roleUnknown: 'Il modello non ha questo ruolo.',
      fieldUnknown: 'È stato dato un valore per un campo che non può essere compilato in anticipo.',
    },
    bulkSend: {
      csvInvalid: 'Il file CSV non può essere letto. Controlla la riga d’intestazione e le virgolette.',
      tooManyRows: 'Il file CSV ha più righe di quante il tuo piano consenta in un invio multiplo.',
      alreadyStarted: 'Questo invio multiplo è già stato avviato.',
      nothingToSend: 'Nessuna riga del file CSV è priva di errori.',
    },
    group: {
      forbidden: 'Solo gli admin della tua azienda possono modificare i suoi gruppi di firmatari.',
      limitReached: 'La tua azienda ha già tanti gruppi di firmatari quanti consentiti.',
      tooManyMembers: 'Questo gruppo di firmatari ha più membri di quanti la tua azienda consenta.',
      nameTaken: 'La tua azienda ha già un gruppo di firmatari con questo nome.',
    },
    business: {
      sealNameTaken: "L'azienda ha già un sigillo con questo nome account.",
      sealQualityNotAvailable:
        'I sigilli qualificati non sono disponibili su questo servizio: non ha un fornitore di firma remota.',
      apiUserLimit: 'La vostra azienda ha tanti utenti API quanti ne può avere (50).',
      lastAdmin: "Un'azienda ha bisogno di un admin: l'ultimo admin non può né dimettersi né essere rimosso.",
      alreadyMember: 'Fa già parte della tua azienda.',
      memberOfAnother: "Fa già parte di un'altra azienda: una persona appartiene al massimo a un'azienda.",
      invitationDuplicate: 'Questa persona è già stata invitata.',
      invitationNotFound: 'Questo invito non esiste più.',
      memberNotFound: "Questa persona non fa più parte dell'azienda. Ricarica la pagina.",
      domainInvalid: 'Questo non è un nome di dominio che si può rivendicare.',
      domainTaken: "Questo dominio appartiene a un'altra azienda.",
      surveyNotDue: 'Il sondaggio arriva dopo la tua prima richiesta inviata per la tua azienda.',
      surveySettled: 'Hai già risposto a questo sondaggio.',
      domainCheckUnavailable: 'La verifica DNS non è disponibile al momento. Riprova più tardi.',
      aes4bizIncomplete:
        'AES for business richiede prima nome ed e-mail del rappresentante, il registro di commercio e un dominio.',
      aes4bizDomainUnverified: 'Sono possibili solo i domini verificati della tua azienda.',
      sealOrganisationUnverified:
        'Un sigillo nomina la tua azienda: nome, numero del registro di commercio e paese devono prima essere verificati. Richiedi la verifica nel profilo aziendale.',
      verificationIncomplete:
        'Indica il numero del registro di commercio della tua azienda per farla verificare.',
      logoInvalid: "Quest'immagine non si può usare. Scegli un'immagine PNG, JPEG o WebP.",
      settingNotSupported: 'Questa impostazione non si può ancora modificare.',
      embeddingOriginInvalid:
        'Ogni origine autorizzata a integrare la firma deve essere esattamente https://host o https://host:porta (http:// solo per localhost).',
      redirectOriginInvalid: 'Ogni origine deve essere esattamente https://host o https://host:porta.',
      deletionNotScheduled: 'Nessuna eliminazione è pianificata.',
      deletionPending:
        "L'azienda è in corso di eliminazione. Finché un amministratore non revoca l'eliminazione, non si può firmare né inviare nulla di nuovo per essa.",
      rejoinNeedsInvitation:
        'Sei stato rimosso da questa azienda. Chiedi un nuovo invito a uno dei suoi amministratori.',
      notFound: "Quest'azienda non esiste più, oppure non ne fai più parte.",
      forbidden: "Solo gli admin dell'azienda possono farlo.",
    },
    // plans, billing and seats
    billing: {
      planNotPurchasable: 'Questo piano non può essere acquistato qui. Contattaci per un piano enterprise.',
      seatsOutOfRange: 'Questo numero di posti non è disponibile con questo piano.',
      seatsBelowPeople: 'Ci sono più persone e inviti aperti che posti. Rimuovi prima qualcuno.',
      seatsExhausted: 'Tutti i posti sono occupati. Aggiungi posti prima di invitare altre persone.',
      staleTimestamp: 'Il piano è stato modificato nel frattempo. Ricaricalo e riprova.',
      notAnUpgrade: 'Un piano inferiore inizia alla fine del periodo in corso.',
      noSubscription: 'Non c’è ancora un piano a pagamento da modificare. Scegli prima un piano.',
      notTrialing: 'Il periodo di prova è già terminato.',
      currencyNotOffered: 'Qui i piani si vendono solo nella valuta della piattaforma.',
      memberOfBusiness: 'Il tuo piano è quello della tua azienda. Rivolgiti al suo admin.',
      promoNotFound: 'Questo codice promozionale non esiste.',
      promoExpired: 'Questo codice promozionale è scaduto.',
      promoUsedUp: 'Questo codice promozionale è esaurito.',
      promoNotApplicable: 'Questo codice promozionale non vale per questo piano.',
      referralNotFound: 'Questo codice di invito non esiste.',
      referralProgrammeOff:
        'La tua azienda non partecipa al programma di referral. Un amministratore può attivarlo nelle impostazioni aziendali.',
      referralUsed: 'Per questo account è già stato usato un codice di invito.',
      referralOwn: 'Non puoi usare il codice di invito della tua azienda.',
      vatInvalid: 'Questo numero IVA non corrisponde al formato del paese di fatturazione.',
      addressRequired: 'Salva prima l’indirizzo di fatturazione dell’azienda.',
      paymentMethodRequired: 'Aggiungi prima una carta di pagamento.',
      paymentDeclined: 'Il pagamento è stato rifiutato. Nulla è stato modificato. Prova un’altra carta.',
      paymentPending: 'Un pagamento precedente attende la conferma della tua banca.',
      signaturesExhausted: 'Hai usato tutte le firme di questo livello per questo periodo.',
      uploadNotInPlan: 'Il piano gratuito non comprende l’invio di documenti. Passa a un piano a pagamento.',
      businessLocked: 'La tua azienda non ha un piano attivo. Un admin deve scegliere un piano e pagare.',
    },
  },
};
