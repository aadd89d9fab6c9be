// Swiss Standard German (no ß, as written in Switzerland).
import type { CoreMessages } from './messages.js';
import { titlesDeCh } from './titles/de-ch.js';

export const deCh: CoreMessages = {
  app: {
    name: 'Countersign',
    skipToContent: 'Zum Inhalt springen',
    loading: 'Wird geladen…',
    close: 'Schliessen',
    language: 'Sprache',
  },
  pageTitles: titlesDeCh,
  nav: {
    menu: 'Menü',
    main: 'Hauptnavigation',
    dashboard: 'Übersicht',
    upload: 'Hochladen',
    profile: 'Profil',
    changePassword: 'Passwort ändern',
    logout: 'Abmelden',
    business: 'Business',
    businessNavigation: 'Business-Navigation',
    businessLinks: {
      dashboard: 'Übersicht',
      activity: 'Aktivität',
      members: 'Mitglieder',
      seals: 'Siegel',
      settings: 'Einstellungen',
      billing: 'Abrechnung',
      api: 'Schnittstelle',
      profile: 'Unternehmensprofil',
      domains: 'Domains verwalten',
    },
    backToApp: 'Zurück zur App',
  },
  form: {
    required: 'Dieses Feld ist erforderlich',
    email: 'Bitte geben Sie eine gültige E-Mail-Adresse ein',
    number: 'Dieses Feld darf nur Zahlen enthalten',
    integer: 'Dieses Feld darf nur ganze Zahlen enthalten',
    capital: 'Dieses Feld darf nur Grossbuchstaben enthalten',
    maxLength: 'Sie dürfen höchstens {{0}} Zeichen eingeben',
    minLength: 'Sie müssen mindestens {{0}} Zeichen eingeben',
    strictLength: 'Die Länge der Eingabe ist ungültig',
    exclude: 'Das Zeichen {{0}} ist nicht erlaubt',
    notEmpty: 'Bitte wählen Sie mindestens einen Wert',
    pattern: 'Ungültiges Format',
    passwordMismatch: 'Die Passwörter stimmen nicht überein',
    showPassword: 'Passwort anzeigen',
    hidePassword: 'Passwort verbergen',
  },
  sso: {
    signIn: {
      heading: 'Single Sign-on',
      intro:
        'Meldet Ihr Unternehmen Sie über einen eigenen Identitätsanbieter an? Geben Sie Ihre geschäftliche E-Mail-Adresse ein.',
      email: 'Geschäftliche E-Mail-Adresse',
      submit: 'Weiter mit Single Sign-on',
      withProvider: 'Anmelden mit {{name}}',
    },
    callback: {
      checking: 'Sie werden angemeldet…',
    },
    link: {
      heading: 'Konto verknüpfen',
      intro:
        'Für {{email}} besteht bereits ein Konto. Geben Sie einmal dessen Passwort ein, um sich künftig über Ihren Identitätsanbieter anzumelden.',
      submit: 'Verknüpfen und anmelden',
    },
    error: {
      heading: 'Single Sign-on fehlgeschlagen',
      intro: 'Wir konnten Sie nicht über Ihren Identitätsanbieter anmelden.',
      companyHeading: 'Single Sign-on ist für Ihr Unternehmen nicht möglich',
      companyIntro: 'Ihr Unternehmen lässt diese Anmeldung noch nicht zu.',
      backToLogin: 'Zurück zur Anmeldung',
    },
    setup: {
      heading: 'Konto fertig einrichten',
      intro:
        'Sie sind als {{email}} angemeldet. Ihr Identitätsanbieter hat uns Ihren Namen nicht mitgeteilt: Bitte geben Sie ihn an.',
      firstName: 'Vorname',
      lastName: 'Nachname',
      submit: 'Weiter',
    },
    admin: {
      heading: 'Single Sign-on',
      text: 'Lassen Sie Ihre Mitglieder sich über den Identitätsanbieter Ihres Unternehmens anmelden (OpenID Connect). Nur Adressen Ihrer bestätigten Domains können ihn nutzen.',
      redirectUri: 'Hinterlegen Sie diese Redirect-URI bei Ihrem Anbieter: {{uri}}',
      issuer: 'Issuer-URL',
      clientId: 'Client-ID',
      clientSecret: 'Client-Secret',
      secretKept: 'Gespeichert; leer lassen, um es zu behalten',
      scopes: 'Berechtigungen (Scopes)',
      required: 'Mitglieder müssen sich über den Identitätsanbieter anmelden (keine Passwort-Anmeldung)',
      save: 'Identitätsanbieter speichern',
      test: 'Testen',
      remove: 'Entfernen',
      useSandbox: 'Sandbox-Anbieter verwenden',
      testPassed: 'Der Identitätsanbieter antwortet.',
    },
  },
  scim: {
    admin: {
      heading: 'Bereitstellung (SCIM)',
      text: 'Lassen Sie Ihren Identitätsanbieter Ihre Mitglieder über SCIM 2.0 hinzufügen und entfernen. Geben Sie ihm die Basis-URL unten und ein Token; bereitgestellte Personen belegen einen Platz, entfernte verlieren ihre Mitgliedschaft.',
      baseUrl: 'SCIM-Basis-URL: {{url}}',
      state: 'Ein Token besteht, erstellt {{created}}, zuletzt verwendet {{used}}.',
      neverUsed: 'nie',
      none: 'Kein Token: die SCIM-Bereitstellung ist aus.',
      shownOnce: 'Kopieren Sie dieses Token jetzt in Ihren Identitätsanbieter: es wird nicht mehr angezeigt.',
      tokenLabel: 'SCIM-Token',
      stored: 'Ich habe es gespeichert',
      create: 'Token erstellen',
      rotate: 'Token erneuern',
      revoke: 'Token widerrufen',
    },
  },
  eid: {
    checking: 'Die Antwort Ihrer eID wird geprüft…',
    again: 'Neu beginnen',
    cancel: 'Abbrechen',
    locked: 'Aus Ihrer eID übernommen; kann nicht geändert werden.',
    birthDate: 'Geburtsdatum',
    plus: {
      heading: 'Mit eID+ registrieren',
      lead: 'Ihre eID+ bestätigt, wer Sie sind: Ihr Konto übernimmt daraus Namen, Geburtsdatum und E-Mail-Adresse, und Sie können sofort fortgeschritten signieren.',
      start: 'Mit eID+ registrieren',
      withPassword: 'Stattdessen mit E-Mail-Adresse und Passwort registrieren',
      failedHeading: 'Die Registrierung mit eID+ hat nicht geklappt',
    },
    supply: {
      title: 'eID-Daten übermitteln',
      text: 'eID+ übermittelt Countersign Ihren Vornamen, Nachnamen, Ihr Geburtsdatum und Ihre E-Mail-Adresse. Name und Geburtsdatum werden genau so übernommen, wie Ihre eID sie angibt, und lassen sich im Profil danach nicht mehr ändern.',
      confirm: 'Weiter zu eID+',
    },
    austria: {
      section: 'ID Austria',
      lead: 'Verbinden Sie einmal Ihre ID Austria, um für fortgeschrittene Signaturen nach eIDAS identifiziert zu sein.',
      connected: 'Ihre ID Austria ist verbunden: Sie können fortgeschritten nach eIDAS signieren.',
      connect: 'ID Austria verbinden',
      dialogTitle: 'Nationale eID (Österreich) verbinden',
      dialogText:
        'Sie melden sich mit ID Austria an. Sie bestätigt Ihren Namen und Ihr Geburtsdatum; diese ersetzen dann die Angaben in Ihrem Profil und lassen sich nicht mehr ändern.',
      dialogConfirm: 'Weiter zu ID Austria',
      disconnect: 'ID Austria trennen',
      disconnectText:
        'ID Austria trennen? Sie sind dann nicht mehr darüber für fortgeschrittene Signaturen identifiziert, und Ihr Name und Geburtsdatum lassen sich wieder ändern. Bereits geleistete Signaturen bleiben, wie sie sind.',
      disconnectConfirm: 'Trennen',
      successHeading: 'ID Austria verbunden',
      successText: 'Sie sind für fortgeschrittene Signaturen nach eIDAS identifiziert.',
      failedHeading: 'ID Austria konnte nicht verbunden werden',
      toStandards: 'Zu Ihren Signaturstandards',
      toRequest: 'Zurück zur Anfrage',
    },
  },
  login: {
    alreadySignedIn: 'Sie sind bereits angemeldet, hier ist Ihre Übersicht.',
    heading: 'Anmelden',
    intro: 'Willkommen zurück. Melden Sie sich an, um Dokumente zu unterschreiben und zu versenden.',
    email: 'E-Mail-Adresse',
    password: 'Passwort',
    submit: 'Anmelden',
    forgotPassword: 'Passwort vergessen?',
    noAccount: 'Noch kein Konto?',
    signupLink: 'Kostenlos registrieren',
    resendConfirmation: 'Bestätigungslink erneut senden',
    confirmationResent: 'Wir haben einen neuen Bestätigungslink an {{email}} gesendet.',
  },
  legal: {
    operatorTerms:
      'Der Betreiber dieses Dienstes veröffentlicht seine Allgemeinen Geschäftsbedingungen auf seiner eigenen Website:',
    operatorPrivacy:
      'Der Betreiber dieses Dienstes veröffentlicht seine Datenschutzerklärung auf seiner eigenen Website:',
    terms: {
      heading: 'Allgemeine Geschäftsbedingungen',
      intro:
        'Diese Bedingungen gelten für diese Installation von Countersign, da ihr Betreiber keine eigenen veröffentlicht hat.',
      service:
        'Mit dem Dienst laden Sie PDF-Dokumente hoch, lassen sie von anderen unterschreiben und unterschreiben selbst. Jede Signatur wird dem Dokument als neue Revision hinzugefügt, frühere Signaturen bleiben gültig.',
      account:
        'Halten Sie Ihr Passwort geheim: Sie sind für alles verantwortlich, was mit Ihrem Konto geschieht. Geben Sie die richtigen Namen und Adressen der Personen an, die Sie um eine Unterschrift bitten.',
      content:
        'Laden Sie nur Dokumente hoch, die Sie mit den Empfängern teilen dürfen. Ihre Dokumente bleiben Ihre; der Betreiber verwendet sie nur, um den Dienst zu erbringen.',
      signatures:
        'Ob eine elektronische Signatur eine gesetzliche Formvorschrift erfüllt, hängt von ihrer Stufe (einfach, fortgeschritten oder qualifiziert) und vom Recht ab, dem das Dokument untersteht. Wählen Sie die Stufe, die das Dokument verlangt.',
      availability:
        'Der Betreiber führt den Dienst mit Sorgfalt, kann aber nicht versprechen, dass er jederzeit verfügbar ist. Laden Sie die signierten Dokumente herunter, die Sie aufbewahren müssen.',
      changes:
        'Der Betreiber kann diese Bedingungen ändern; Sie werden gebeten, neue Bedingungen zu akzeptieren, bevor Sie den Dienst weiter nutzen.',
    },
    privacy: {
      heading: 'Datenschutzerklärung',
      intro:
        'Diese Erklärung gilt für diese Installation von Countersign, da ihr Betreiber keine eigene veröffentlicht hat. Verantwortlich für Ihre Daten ist der Betreiber dieser Installation.',
      data: 'Was gespeichert wird: Ihr Name, Ihre E-Mail-Adresse und Sprache; die Dokumente, die Sie hochladen oder unterschreiben sollen; und zu jeder Anfrage, wer beteiligt war, was er wann getan hat, mit seiner IP-Adresse, in einem Protokoll, das jede spätere Änderung erkennen lässt.',
      purpose:
        'Wozu: um Signaturanfragen vorzubereiten und zuzustellen, Signaturen zu erstellen und zu prüfen und später nachzuweisen, wer was wann unterschrieben hat. Nichts wird verkauft oder für Werbung verwendet.',
      sharing:
        'Wer es sieht: Die Beteiligten einer Anfrage sehen ihre Dokumente, ihre Beteiligten und ihren Verlauf. Das für Ihre Signatur ausgestellte Zertifikat enthält Ihren Namen und Ihre E-Mail-Adresse.',
      storage:
        'Wie lange: Dokumente und ihr Verlauf bleiben gespeichert, bis der Absender die Anfrage löscht oder das Konto gelöscht wird; Nachweise von Signaturen können so lange aufbewahrt werden, wie es das Gesetz verlangt.',
      browser:
        'In Ihrem Browser: Die App speichert Ihre Sitzung im Speicher des Browsers und merkt sich Ihre Dashboard-Ansicht in einem Cookie. Sie setzt keine Tracking- oder Werbe-Cookies.',
      rights:
        'Ihre Rechte: Sie können Ihre Angaben im Profil einsehen und berichtigen, Ihr Konto dort löschen und beim Betreiber eine Kopie Ihrer Daten verlangen.',
    },
  },
  signup: {
    heading: 'Konto erstellen',
    intro: 'Unterschreiben Sie Dokumente mit rechtsgültigen elektronischen Signaturen.',
    firstName: 'Vorname',
    lastName: 'Nachname',
    email: 'E-Mail-Adresse',
    password: 'Passwort',
    acceptTerms:
      'Ich akzeptiere die <terms>Allgemeinen Geschäftsbedingungen</terms> und die <privacy>Datenschutzerklärung</privacy>',
    submit: 'Registrieren',
    haveAccount: 'Haben Sie bereits ein Konto?',
    loginLink: 'Anmelden',
  },
  signupMailSent: {
    heading: 'Prüfen Sie Ihren Posteingang',
    text: 'Wir haben einen Bestätigungslink an {{email}} gesendet. Öffnen Sie ihn, um Ihr Konto zu aktivieren.',
    textNoEmail:
      'Wir haben Ihnen einen Bestätigungslink gesendet. Öffnen Sie ihn, um Ihr Konto zu aktivieren.',
    resend: 'Link erneut senden',
    resent: 'Ein neuer Link ist unterwegs.',
  },
  signupSteps: {
    stepOf: 'Schritt {{step}} von {{count}}',
    continue: 'Weiter',
    finish: 'Fertig',
    skip: 'Überspringen',
    back: 'Zurück',
    name: { heading: 'Ihr Name', lead: 'Ihr Name steht auf Ihren Anfragen und Signaturen.' },
    terms: {
      heading: 'Allgemeine Geschäftsbedingungen',
      lead: 'Akzeptieren Sie die Geschäftsbedingungen, um den Dienst zu nutzen.',
    },
    language: {
      heading: 'Sprache',
      lead: 'Die Sprache dieser Seiten und der E-Mails, die wir Ihnen senden.',
    },
    signing: {
      heading: 'Wie Sie signieren',
      lead: 'Die Gesetzgebung und Signaturstufe, mit denen Ihre neuen Anfragen beginnen. Sie können sie bei jeder Anfrage ändern.',
    },
    identity: {
      heading: 'Ihre Identität',
      lead: 'Weisen Sie einmal nach, wer Sie sind, um fortgeschritten zu signieren. Sie können dies auch später im Profil tun.',
    },
  },
  signupConfirm: {
    heading: 'E-Mail-Adresse bestätigen',
    confirming: 'Ihre E-Mail-Adresse wird bestätigt…',
    success: 'Ihre E-Mail-Adresse {{email}} ist bestätigt. Sie können sich jetzt anmelden.',
    missingToken: 'Dieser Bestätigungslink ist unvollständig. Öffnen Sie den Link aus der E-Mail erneut.',
    toLogin: 'Zur Anmeldung',
  },
  passwordReset: {
    heading: 'Passwort zurücksetzen',
    intro:
      'Geben Sie die E-Mail-Adresse Ihres Kontos ein. Wir senden Ihnen einen Link, mit dem Sie ein neues Passwort wählen können.',
    email: 'E-Mail-Adresse',
    submit: 'Link senden',
    backToLogin: 'Zurück zur Anmeldung',
    mailSentHeading: 'Prüfen Sie Ihren Posteingang',
    mailSentText:
      'Falls ein Konto für {{email}} besteht, haben wir einen Link zum Zurücksetzen des Passworts gesendet.',
    mailSentTextNoEmail:
      'Falls ein Konto für diese Adresse besteht, haben wir einen Link zum Zurücksetzen des Passworts gesendet.',
    newHeading: 'Neues Passwort wählen',
    newPassword: 'Neues Passwort',
    confirmPassword: 'Neues Passwort wiederholen',
    save: 'Passwort speichern',
    missingToken:
      'Dieser Link ist unvollständig. Öffnen Sie den Link aus der E-Mail erneut oder fordern Sie einen neuen an.',
    requestNew: 'Neuen Link anfordern',
    confirmHeading: 'Passwort geändert',
    confirmText: 'Ihr Passwort wurde geändert. Melden Sie sich mit Ihrem neuen Passwort an.',
  },
  passwordPolicy: {
    checking: 'Passwort wird geprüft…',
    valid: 'Dieses Passwort erfüllt die Anforderungen.',
    invalid: 'Dieses Passwort erfüllt die Anforderungen nicht.',
    hint: 'Verwenden Sie mindestens {{min}} Zeichen; eine Passphrase eignet sich gut. Vermeiden Sie gängige Passwörter und Ihre E-Mail-Adresse.',
    codes: {
      too_short: 'Das Passwort ist zu kurz.',
      too_long: 'Das Passwort ist zu lang.',
      too_common: 'Dieses Passwort ist zu verbreitet; wählen Sie ein anderes.',
      contains_email: 'Das Passwort darf Ihre E-Mail-Adresse nicht enthalten.',
      repetitive: 'Das Passwort darf nicht aus einem einzigen wiederholten Zeichen bestehen.',
    },
  },
  changePassword: {
    heading: 'Passwort ändern',
    weakNotice:
      'Ihr Passwort erfüllt unsere Anforderungen nicht mehr. Bitte wählen Sie ein neues, um fortzufahren.',
    current: 'Aktuelles Passwort',
    newPassword: 'Neues Passwort',
    confirmPassword: 'Neues Passwort wiederholen',
    submit: 'Passwort ändern',
    success: 'Ihr Passwort wurde geändert.',
  },
  logout: {
    inProgress: 'Sie werden abgemeldet…',
  },
  dashboard: {
    greeting: 'Hallo {{name}}',
    tabsLabel: 'Signaturanfragen',
    tabs: {
      inbox: 'Posteingang',
      drafts: 'Entwürfe',
      search: 'Suche',
    },
    searchLabel: 'Signaturanfragen durchsuchen',
    filters: {
      label: 'Filter und Sortierung',
      toggle: 'Filter und Sortierung',
      status: 'Stand der Anfrage',
      statuses: {
        open: 'Offen',
        completed: 'Abgeschlossen',
        declined: 'Abgelehnt',
        withdrawn: 'Zurückgezogen',
        expired: 'Abgelaufen',
      },
      dateFrom: 'Von',
      dateTo: 'Bis',
      timeMode: 'Datum bezieht sich auf',
      timeModes: { updated: 'Letzte Änderung', created: 'Erstellung' },
      sentByMe: 'Nur von mir gesendete Anfragen',
      sort: 'Sortieren nach',
      sorts: {
        updated_at_desc: 'Letzte Änderung, neueste zuerst',
        updated_at_asc: 'Letzte Änderung, älteste zuerst',
        created_at_desc: 'Erstellt, neueste zuerst',
        created_at_asc: 'Erstellt, älteste zuerst',
        title_desc: 'Titel, Z bis A',
        title_asc: 'Titel, A bis Z',
      },
      pageSize: 'Anfragen pro Seite',
      reset: 'Filter zurücksetzen',
    },
    status: {
      to_sign: 'Zu signieren',
      waiting: 'Wartend',
      cancelled: 'Abgebrochen',
      completed: 'Abgeschlossen',
      draft: 'Entwurf',
    },
    list: {
      label: 'Signaturanfragen',
      loading: 'Signaturanfragen werden geladen…',
      error: 'Die Signaturanfragen konnten nicht geladen werden.',
      retry: 'Erneut versuchen',
      empty: {
        inbox: 'Noch keine Signaturanfragen. Laden Sie ein Dokument hoch, um Ihre erste zu senden.',
        drafts: 'Keine Entwürfe. Anfragen, die Sie vor dem Senden speichern, erscheinen hier.',
        search: 'Keine Signaturanfragen entsprechen Ihrer Suche und Ihren Filtern.',
      },
      upload: 'Dokument hochladen',
      yourDraft: 'Ihr Entwurf, noch nicht gesendet',
      sentByYou: 'Von Ihnen gesendet',
      from: 'Von {{email}}',
      progress: '{{signed}} von {{total}} signiert',
      updated: 'Geändert {{date}}',
      created: 'Erstellt {{date}}',
      total: 'Gefundene Anfragen: {{total}}',
    },
    drafts: {
      select: '«{{title}}» auswählen',
      selectAll: 'Alle Entwürfe dieser Seite auswählen',
      delete: '«{{title}}» löschen',
      deleteShort: 'Löschen',
      deleteSelected: 'Ausgewählte Entwürfe löschen ({{count}})',
      deleted_one: 'Der Entwurf wurde gelöscht.',
      deleted_other: '{{count}} Entwürfe wurden gelöscht.',
    },
    duplicate: {
      action: '«{{title}}» duplizieren',
      short: 'Duplizieren',
      done: 'Eine Kopie wurde als neuer Entwurf angelegt.',
    },
    pagination: {
      label: 'Seiten der Signaturanfragen',
      previous: 'Vorherige Seite',
      next: 'Nächste Seite',
      position: 'Seite {{page}} von {{pages}}',
    },
  },
  notBuilt: {
    heading: 'Noch nicht gebaut',
    text: 'Diese Ansicht gehört zu einer späteren Version von Countersign. Hier funktioniert noch nichts.',
    back: 'Zurück zur Übersicht',
  },
  error: {
    title: 'Seite nicht gefunden',
    subtitle: 'Die gesuchte Seite existiert nicht oder wurde verschoben.',
    button: 'Zur Startseite',
    illustration: 'Ein Wegweiser, der ins Leere zeigt',
  },
  sorry: {
    heading: 'Entschuldigung, etwas ist schiefgelaufen',
    text: 'Unser Server konnte Ihre Anfrage nicht ausführen. Bitte versuchen Sie es gleich noch einmal.',
    retry: 'Erneut versuchen',
  },
  maintenance: {
    light: {
      text: 'Es finden Wartungsarbeiten statt; einige Funktionen sind möglicherweise langsam oder nicht verfügbar.',
      link_text: 'Weitere Informationen',
    },
    heading: 'Wartungsarbeiten',
    text: 'Countersign wird aktualisiert. Bitte versuchen Sie es in einigen Minuten wieder.',
    status: 'Statusseite',
  },
  draftDialogs: {
    removeTitle: 'Dieses Dokument entfernen?',
    removeText:
      '«{{name}}» und die darauf platzierten Felder werden aus dem Entwurf entfernt. Ein Entwurf ohne Dokumente kann erst gesendet werden, wenn eines hinzugefügt ist.',
    removeConfirm: 'Entfernen',
    leaveTitle: 'Seite verlassen?',
    leaveText:
      'Ihre letzten Änderungen sind noch nicht gespeichert. Wenn Sie jetzt gehen, bleiben sie nur in diesem Browser.',
    leaveConfirm: 'Verlassen',
    stay: 'Bleiben',
    deleteTitle: 'Dokumente löschen?',
    deleteText_one:
      'Der Entwurf «{{titles}}» und seine Dokumente werden gelöscht. Dies kann nicht rückgängig gemacht werden.',
    deleteText_other:
      '{{count}} Entwürfe und ihre Dokumente werden gelöscht: {{titles}}. Dies kann nicht rückgängig gemacht werden.',
    deleteConfirm: 'Löschen',
    keep: 'Behalten',
    invisibleTitle: 'Mit unsichtbarer Unterschrift senden?',
    invisibleText:
      '{{names}} hat auf einigen Dokumenten kein Unterschriftsfeld. Diese Dokumente werden unsichtbar unterschrieben: Die Signatur ist im PDF, aber auf keiner Seite abgebildet.',
    invisibleConfirm: 'Trotzdem senden',
    placeFields: 'Zuerst Felder platzieren',
  },
  testSystem: {
    heading: 'Testsystem',
    text: 'Dies ist ein Testsystem. Hier erstellte Signaturen sind nicht rechtsgültig und Daten können jederzeit gelöscht werden.',
    dismiss: 'Verstanden',
  },
  terms: {
    heading: 'Allgemeine Geschäftsbedingungen',
    text: 'Bitte akzeptieren Sie unsere Allgemeinen Geschäftsbedingungen und unsere Datenschutzerklärung, um Countersign weiter zu nutzen.',
    accept: 'Akzeptieren und fortfahren',
    logout: 'Stattdessen abmelden',
  },
  simplePages: {
    byeHeading: 'Auf Wiedersehen',
    byeText: 'Ihr Konto wurde gelöscht. Vielen Dank, dass Sie Countersign genutzt haben.',
    expiredHeading: 'Link abgelaufen',
    expiredText: 'Dieser Link ist nicht mehr gültig.',
    cookiesHeading: 'Cookies sind blockiert',
    cookiesText:
      'Countersign benötigt Cookies und lokalen Speicher, damit Sie angemeldet bleiben. Bitte erlauben Sie diese und laden Sie die Seite neu.',
  },
  business: {
    not_allowed: 'Nur die Admins Ihres Unternehmens können seine Seiten öffnen.',
  },
  global: {
    error: {
      generic_support:
        'Etwas ist schiefgelaufen. Bitte versuchen Sie es erneut oder wenden Sie sich an unseren Support, falls es wieder geschieht.',
    },
  },
  // spec 8's thrown messages (features/errors/action-failure.ts)
  actionFailures: {
    remindSigners: 'Die Unterzeichnenden konnten nicht erinnert werden',
    inviteSigner: 'Die unterzeichnende Person konnte nicht eingeladen werden',
    addObserver: 'Die beobachtende Person konnte nicht hinzugefügt werden',
    claimRequest: 'Die Signaturanfrage konnte nicht übernommen werden',
  },
  apiErrors: {
    generic: 'Etwas ist schiefgelaufen. Bitte versuchen Sie es erneut.',
    network: 'Der Server ist nicht erreichbar. Prüfen Sie Ihre Verbindung und versuchen Sie es erneut.',
    unavailable: 'Der Dienst ist vorübergehend nicht verfügbar. Bitte versuchen Sie es in Kürze erneut.',
    invalidCredentials: 'Die E-Mail-Adresse oder das Passwort ist falsch.',
    emailNotConfirmed:
      'Bitte bestätigen Sie zuerst Ihre E-Mail-Adresse. Den Link finden Sie in Ihrem Posteingang.',
    passwordUnchanged: 'Das neue Passwort muss sich vom bisherigen unterscheiden.',
    wrongPassword: 'Das aktuelle Passwort ist falsch.',
    tokenInvalid: 'Dieser Link ist ungültig.',
    tokenUsed: 'Dieser Link wurde bereits verwendet.',
    ssoDomainNotVerified:
      'Für die Domain dieser E-Mail-Adresse hat kein Unternehmen Single Sign-on eingerichtet.',
    ssoNotConfigured: 'Ihr Unternehmen hat Single Sign-on noch nicht eingerichtet.',
    walletRequestUnknown: 'Diese Wallet-Anfrage ist nicht mehr offen. Starten Sie die Identifikation erneut.',
    walletRequestExpired: 'Die Wallet-Anfrage ist abgelaufen. Starten Sie die Identifikation erneut.',
    walletPresentationInvalid:
      'Die Antwort Ihrer Wallet konnte nicht geprüft werden. Bitte versuchen Sie es erneut.',
    walletIssuerUntrusted:
      'Die Identität in Ihrer Wallet stammt von einem Aussteller, den Countersign nicht anerkennt.',
    walletCredentialExpired:
      'Die Identität in Ihrer Wallet ist abgelaufen. Erneuern Sie sie in der Wallet und versuchen Sie es dann erneut.',
    walletClaimsMissing:
      'Ihre Wallet hat Namen und ausstellendes Land nicht geteilt, die die Signatur braucht.',
    ssoFlowInvalid: 'Diese Anmeldung ist abgelaufen oder wurde schon verwendet. Bitte beginnen Sie neu.',
    ssoTokenInvalid:
      'Der Antwort Ihres Identitätsanbieters kann nicht vertraut werden. Bitte beginnen Sie neu.',
    ssoProviderRefused: 'Ihr Identitätsanbieter hat die Anmeldung nicht zugelassen.',
    ssoProviderUnavailable:
      'Ihr Identitätsanbieter antwortet gerade nicht. Bitte versuchen Sie es später noch einmal.',
    ssoEmailNotVerified: 'Ihr Identitätsanbieter hat Ihre E-Mail-Adresse nicht bestätigt.',
    ssoMemberOfAnother: 'Ihr Konto gehört zu einem anderen Unternehmen.',
    ssoLinkInvalid:
      'Diese Anmeldung ist abgelaufen. Bitte melden Sie sich erneut über Ihren Identitätsanbieter an.',
    ssoRequired: 'Ihr Unternehmen verlangt die Anmeldung über seinen Identitätsanbieter.',
    ssoIssuerInvalid: 'Der Issuer muss eine https://-Adresse sein.',
    eidClaimsMissing: 'Ihre eID hat Namen und Geburtsdatum nicht bestätigt.',
    eidAddressTaken:
      'Zu dieser E-Mail-Adresse gibt es schon ein Konto. Melden Sie sich dort an und verbinden Sie Ihre eID im Profil.',
    eidIdentityTaken: 'Diese eID ist bereits mit einem anderen Konto verbunden.',
    eidNotConnected: 'Mit Ihrem Konto ist keine solche eID verbunden.',
    eidLastWayIn:
      'Ihre eID ist der einzige Zugang zu Ihrem Konto. Legen Sie zuerst ein Passwort fest («Passwort vergessen») und trennen Sie sie dann.',
    eidFieldImmutable: 'Name und Geburtsdatum stammen aus Ihrer eID und können nicht geändert werden.',
    tokenExpired: 'Dieser Link ist abgelaufen. Bitte fordern Sie einen neuen an.',
    observerNotFound: 'Diese beobachtende Person gehört nicht mehr zur Anfrage.',
    tooManyRequests: 'Zu viele Versuche. Bitte warten Sie einen Moment und versuchen Sie es erneut.',
    validation: 'Einige Felder sind ungültig. Bitte prüfen Sie Ihre Eingaben.',
    alreadyTakesPart: 'Diese Person ist bereits an der Anfrage beteiligt. Bitte wählen Sie jemand anderen.',
    alreadyObserver: 'Diese Person beobachtet die Anfrage bereits.',
    requestChanged:
      'Die Anfrage hat sich inzwischen geändert (unterschrieben, abgelehnt oder zurückgezogen). Bitte laden Sie die Seite neu.',
    requestForbidden: 'Dies dürfen Sie bei dieser Anfrage nicht tun.',
    requestNotFound: 'Diese Signaturanfrage besteht nicht mehr.',
    notFound: 'Dieses Element besteht nicht mehr oder ist für Sie nicht sichtbar.',
    invalidFile:
      'Diese Datei kann nicht verwendet werden. Bitte wählen Sie eine lesbare, ungeschützte Datei eines erlaubten Typs.',
    fileTooLarge: 'Die Datei ist zu gross.',
    // business accounts (the console and its dialogs)
    // qualified signatures at a trust service provider (ADR 076)
    cello: {
      alreadyReferred: 'Dieses Konto wurde bereits von jemand anderem empfohlen.',
    },
    mobileId: {
      unavailable:
        'Mobile ID kann diese Unterschrift zurzeit nicht bestätigen (nicht verfügbar, oder die Nummer hat kein aktives Mobile ID).',
      notAdvanced: 'Mobile ID bestätigt nur fortgeschrittene Signaturen.',
      numberMissing: 'Bitte geben Sie die Mobilnummer für die Bestätigung ein.',
      notPending: 'Es wartet keine Mobile-ID-Bestätigung. Bitte beginnen Sie erneut.',
      refused: 'Sie haben die Anfrage auf Ihrem Mobiltelefon abgelehnt. Es wurde nichts unterschrieben.',
      timeout: 'Die Anfrage auf Ihrem Mobiltelefon ist abgelaufen. Bitte beginnen Sie erneut.',
    },
    qualified: {
      qtspUnavailable:
        'Der Signaturdienst des Vertrauensdiensteanbieters antwortet nicht. Es wurde nichts signiert; bitte versuchen Sie es in Kürze erneut.',
      qtspRefused:
        'Der Vertrauensdiensteanbieter hat die Signatur abgelehnt. Bitte versuchen Sie es später erneut oder wenden Sie sich an den Support.',
      authorisationExpired:
        'Ihre Freigabe beim Vertrauensdiensteanbieter ist abgelaufen. Bitte geben Sie die Signatur erneut frei.',
      credentialLocked:
        'Ihr Signaturschlüssel ist nach zu vielen falschen Codes gesperrt. Bitte versuchen Sie es später erneut.',
      authorisationDenied: 'Die Signatur wurde beim Vertrauensdiensteanbieter abgebrochen.',
      authorisationInvalid: 'Diese Freigabe ist nicht mehr gültig. Bitte starten Sie die Signatur erneut.',
      redirectNotPending: 'Für diese Freigabe wartet keine Signatur. Bitte starten Sie die Signatur erneut.',
      notQualified: 'Nur qualifizierte Signaturen werden beim Vertrauensdiensteanbieter erstellt.',
      directSignDisabled:
        'Das Signieren über den Vertrauensdiensteanbieter ist für Link-Unterzeichnende dieses Unternehmens nicht aktiviert.',
      serialNumberMismatch:
        'Ihr Signaturzertifikat beim Anbieter wurde erneuert, nachdem diese Signatur vorbereitet wurde. Es wurde nichts signiert: Bitte signieren Sie erneut.',
      pwdotpRequired:
        'Ihr Passwort beim Signaturanbieter und der zugesandte Code werden benötigt: Bitte geben Sie beides ein.',
      passwordInvalid:
        'Das Passwort beim Signaturanbieter ist falsch. Mehrere Fehlversuche sperren Ihr Signaturzertifikat.',
      passwordWeak:
        'Bitte wählen Sie ein Passwort mit 8 bis 64 Zeichen und mindestens einem Buchstaben und einer Ziffer.',
    },
    directTan: {
      missing: 'Es wartet kein Code auf Sie. Bitte fordern Sie einen neuen an.',
      resendLimit:
        'In der letzten Stunde wurden fünf Codes gesendet. Bitte warten Sie, bevor Sie einen weiteren anfordern.',
      required:
        'Diese Anfrage verlangt, dass Sie vor dem Signieren mit einem per E-Mail gesendeten Code bestätigen.',
    },
    verification: {
      cancelled: 'Sie haben diese Bestätigung abgebrochen. Bitte fordern Sie einen neuen Code an.',
    },
    part11: {
      accountRequired:
        'Eine Part-11-Signatur erfordert ein Konto: Bitte melden Sie sich an oder erstellen Sie ein Konto.',
      reauthenticationRequired: 'Bitte geben Sie Ihr Passwort und den zugesandten Code ein.',
      meaningRequired: 'Bitte geben Sie Ihren Namen in Druckschrift und die Bedeutung Ihrer Signatur an.',
      passwordInvalid: 'Das Passwort ist falsch.',
      codeMissing: 'Es wartet kein Code auf Sie. Bitte lassen Sie sich einen neuen Code senden.',
      codeInvalid: 'Der Code ist falsch. Bitte prüfen Sie ihn und versuchen Sie es erneut.',
      codeExpired: 'Der Code ist abgelaufen. Bitte lassen Sie sich einen neuen senden.',
      codeLocked: 'Zu viele Fehlversuche. Bitte lassen Sie sich einen neuen Code senden.',
      codeLimit:
        'In der letzten Stunde wurden fünf Codes gesendet. Bitte warten Sie, bevor Sie einen weiteren anfordern.',
      notRequired: 'Diese Anfrage verlangt von Ihnen keine Part-11-Signatur.',
    },
    embeddedSigning: {
      noOrigins: 'Ihr Unternehmen erlaubt noch keiner Website, seine Signierseite einzubetten.',
      signerNotPending: 'Diese unterzeichnende Person hat nichts mehr zu signieren.',
    },
    template: {
      forbidden: 'Nur die Eigentümerin dieser Vorlage oder ein Admin Ihres Unternehmens kann sie ändern.',
      limitReached: 'Sie haben bereits so viele Vorlagen wie erlaubt. Löschen Sie zuerst eine.',
      sourceNotDraft: 'Nur ein Entwurf kann als Vorlage gespeichert werden.',
      noDocuments: 'Diese Vorlage hat noch keine Dokumente.',
      invalidField: 'Ein Feld der Vorlage ist nicht richtig platziert.',
      roleInUse: 'Für diese Rolle sind Felder platziert. Entfernen Sie diese zuerst.',
      roleMissing: 'Geben Sie für jede Rolle eine Person oder eine Unterzeichnergruppe an.',
      roleUnknown: 'Die Vorlage hat keine solche Rolle.',
      fieldUnknown: 'Ein Wert wurde für ein Feld angegeben, das nicht im Voraus ausgefüllt werden kann.',
    },
    bulkSend: {
      csvInvalid: 'Die CSV-Datei kann nicht gelesen werden. Prüfen Sie Kopfzeile und Anführungszeichen.',
      tooManyRows: 'Die CSV-Datei hat mehr Zeilen, als Ihr Abo in einem Massenversand erlaubt.',
      alreadyStarted: 'Dieser Massenversand wurde bereits gestartet.',
      nothingToSend: 'Keine Zeile der CSV-Datei ist fehlerfrei.',
    },
    group: {
      forbidden: 'Nur die Admins Ihres Unternehmens können seine Unterzeichnergruppen ändern.',
      limitReached: 'Ihr Unternehmen hat bereits so viele Unterzeichnergruppen wie erlaubt.',
      tooManyMembers: 'Diese Unterzeichnergruppe hat mehr Mitglieder, als Ihr Unternehmen erlaubt.',
      nameTaken: 'Ihr Unternehmen hat bereits eine Unterzeichnergruppe mit diesem Namen.',
    },
    business: {
      sealNameTaken: 'Das Unternehmen hat bereits ein Siegel mit diesem Kontonamen.',
      sealQualityNotAvailable:
        'Qualifizierte Siegel sind bei diesem Dienst nicht verfügbar: Er hat keinen Fernsignatur-Anbieter.',
      apiUserLimit: 'Ihr Unternehmen hat so viele API-Benutzer, wie es haben darf (50).',
      lastAdmin:
        'Ein Unternehmen braucht einen Admin: Der letzte Admin kann weder zurücktreten noch entfernt werden.',
      alreadyMember: 'Gehört bereits zu Ihrem Unternehmen.',
      memberOfAnother:
        'Gehört bereits zu einem anderen Unternehmen: Eine Person gehört höchstens zu einem Unternehmen.',
      invitationDuplicate: 'Diese Person wurde bereits eingeladen.',
      invitationNotFound: 'Diese Einladung besteht nicht mehr.',
      memberNotFound: 'Diese Person gehört nicht mehr zum Unternehmen. Bitte laden Sie die Seite neu.',
      domainInvalid: 'Dies ist kein Domainname, der beansprucht werden kann.',
      domainTaken: 'Diese Domain gehört einem anderen Unternehmen.',
      surveyNotDue: 'Die Umfrage folgt nach Ihrer ersten Anfrage für Ihr Unternehmen.',
      surveySettled: 'Sie haben diese Umfrage bereits beantwortet.',
      domainCheckUnavailable:
        'Die DNS-Prüfung ist gerade nicht verfügbar. Bitte versuchen Sie es später erneut.',
      aes4bizIncomplete:
        'Für AES for Business braucht es zuerst Name und E-Mail der vertretenden Person, das Handelsregister und eine Domain.',
      aes4bizDomainUnverified: 'Nur verifizierte Domains Ihres Unternehmens sind möglich.',
      sealOrganisationUnverified:
        'Ein Siegel nennt Ihr Unternehmen. Dafür müssen Name, Handelsregisternummer und Land Ihres Unternehmens zuerst verifiziert sein. Beantragen Sie die Verifizierung im Unternehmensprofil.',
      verificationIncomplete:
        'Geben Sie die Handelsregisternummer Ihres Unternehmens an, um es verifizieren zu lassen.',
      logoInvalid:
        'Dieses Bild kann nicht verwendet werden. Bitte wählen Sie ein PNG-, JPEG- oder WebP-Bild.',
      settingNotSupported: 'Diese Einstellung lässt sich noch nicht ändern.',
      embeddingOriginInvalid:
        'Jeder Ursprung, der das Signieren einbetten darf, muss genau https://host oder https://host:port sein (http:// nur für localhost).',
      redirectOriginInvalid: 'Jeder Ursprung muss genau https://host oder https://host:port sein.',
      deletionNotScheduled: 'Es ist keine Löschung geplant.',
      deletionPending:
        'Das Unternehmen wird gelöscht. Bis ein Admin die Löschung widerruft, kann für es nichts Neues signiert oder versendet werden.',
      rejoinNeedsInvitation:
        'Sie wurden aus diesem Unternehmen entfernt. Bitten Sie einen seiner Admins um eine neue Einladung.',
      notFound: 'Dieses Unternehmen besteht nicht mehr, oder Sie gehören nicht mehr dazu.',
      forbidden: 'Nur Admins des Unternehmens dürfen dies tun.',
    },
    // plans, billing and seats
    billing: {
      planNotPurchasable:
        'Dieser Plan kann hier nicht gekauft werden. Kontaktieren Sie uns für einen Enterprise-Plan.',
      seatsOutOfRange: 'Diese Anzahl Plätze ist in diesem Plan nicht verfügbar.',
      seatsBelowPeople:
        'Es gibt mehr Personen und offene Einladungen als Plätze. Entfernen Sie zuerst jemanden.',
      seatsExhausted: 'Alle Plätze sind belegt. Fügen Sie Plätze hinzu, bevor Sie weitere Personen einladen.',
      staleTimestamp:
        'Der Plan wurde inzwischen geändert. Bitte laden Sie ihn neu und versuchen Sie es erneut.',
      notAnUpgrade: 'Ein tieferer Plan beginnt am Ende der laufenden Periode.',
      noSubscription: 'Es gibt noch keinen bezahlten Plan. Bitte wählen Sie zuerst einen Plan.',
      notTrialing: 'Die Testphase ist bereits zu Ende.',
      currencyNotOffered: 'Die Pläne werden hier nur in der Währung der Plattform verkauft.',
      memberOfBusiness: 'Ihr Plan ist der Plan Ihres Unternehmens. Bitte wenden Sie sich an dessen Admin.',
      promoNotFound: 'Diesen Aktionscode gibt es nicht.',
      promoExpired: 'Dieser Aktionscode ist abgelaufen.',
      promoUsedUp: 'Dieser Aktionscode ist aufgebraucht.',
      promoNotApplicable: 'Dieser Aktionscode gilt nicht für diesen Plan.',
      referralNotFound: 'Diesen Empfehlungscode gibt es nicht.',
      referralProgrammeOff:
        'Ihr Unternehmen nimmt nicht am Empfehlungsprogramm teil. Eine Administratorin oder ein Administrator kann es in den Unternehmenseinstellungen einschalten.',
      referralUsed: 'Für dieses Konto wurde bereits ein Empfehlungscode verwendet.',
      referralOwn: 'Den Empfehlungscode des eigenen Unternehmens können Sie nicht verwenden.',
      vatInvalid: 'Diese MWST-Nummer entspricht nicht dem Format des Rechnungslandes.',
      addressRequired: 'Bitte speichern Sie zuerst die Rechnungsadresse des Unternehmens.',
      paymentMethodRequired: 'Bitte hinterlegen Sie zuerst eine Zahlungskarte.',
      paymentDeclined:
        'Die Zahlung wurde abgelehnt. Es wurde nichts geändert. Bitte versuchen Sie eine andere Karte.',
      paymentPending: 'Eine frühere Zahlung wartet auf die Bestätigung Ihrer Bank.',
      signaturesExhausted: 'Sie haben alle Signaturen dieser Stufe für diese Periode verbraucht.',
      uploadNotInPlan:
        'Der Gratisplan umfasst das Versenden von Dokumenten nicht. Bitte wechseln Sie zu einem Plan.',
      businessLocked:
        'Ihr Unternehmen hat keinen aktiven Plan. Ein Admin muss einen Plan wählen und bezahlen.',
    },
  },
};
