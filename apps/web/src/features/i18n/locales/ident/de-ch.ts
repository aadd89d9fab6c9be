// Identification texts (de-ch).
import type { IdentMessages } from '../messages.js';

export const identDeCh: IdentMessages = {
  ident: {
    needed: {
      heading: 'Identifizieren Sie sich, um zu unterschreiben',
      aes: 'Diese Anfrage verlangt eine fortgeschrittene Signatur. Bestätigen Sie einmal Ihre Identität und unterschreiben Sie dann.',
      qes: 'Diese Anfrage verlangt eine qualifizierte Signatur. Bestätigen Sie einmal Ihre Identität und unterschreiben Sie dann mit einem Code, den Sie per SMS erhalten.',
      start: 'Identifizieren',
      inProgress: 'Ihre Identifikation läuft.',
      account: 'Identifizieren Sie sich in Ihrem Profil und kehren Sie dann zu dieser Anfrage zurück.',
    },
    choose: {
      idaustria: 'ID Austria',
      eidplus: 'eID+',
      heading: 'Wählen Sie, wie Sie sich identifizieren',
      lead: 'Ein Identifikationsanbieter prüft, wer Sie sind. Countersign unterschreibt danach mit dem bestätigten Namen.',
      eidas: 'Identifikation für Signaturen nach eIDAS (Europäische Union)',
      zertes: 'Identifikation für Signaturen nach ZertES (Schweiz)',
      self: 'Automatische Identifikation',
      selfText: 'Fotografieren Sie Ihren Ausweis und Ihr Gesicht; dauert etwa fünf Minuten.',
      video: 'Video-Identifikation',
      videoText: 'Eine Mitarbeiterin prüft Ihren Ausweis in einem kurzen Videoanruf.',
      auto: 'Automatische Identifikation',
      autoText: 'Fotografieren Sie Ihren Ausweis und Ihr Gesicht; dauert etwa fünf Minuten.',
      wallet: 'Digitale Identitäts-Wallet',
      walletText:
        'Teilen Sie Namen und Land aus der Identität in Ihrer EU-Wallet für die digitale Identität oder Ihrer Schweizer E-ID. Gilt für fortgeschrittene Signaturen.',
      personalDetails: 'Zuerst Ihren Namen prüfen',
      back: 'Zurück zur Anfrage',
    },
    start: {
      heading: 'Identifikation starten',
      lead: 'Sie werden zum Identifikationsanbieter weitergeleitet. Danach kehren Sie hierher zurück.',
      start: 'Zum Identifikationsanbieter',
      other: 'Andere Methode wählen',
      failed: 'Die Identifikation konnte nicht gestartet werden. Bitte versuchen Sie es erneut.',
    },
    details: {
      heading: 'Ihr Name',
      lead: 'Der Identifikationsanbieter vergleicht diesen Namen mit Ihrem Ausweis.',
      continue: 'Weiter',
    },
    wallet: {
      heading: 'Mit Ihrer digitalen Identitäts-Wallet identifizieren',
      text: 'Ihre Wallet zeigt Ihnen, was Countersign erfragt (Vorname, Nachname und ausstellendes Land), und teilt nur das, sobald Sie zustimmen. Es gilt für fortgeschrittene Signaturen.',
      start: 'Meine Wallet öffnen',
    },
    standards: {
      heading: 'Signaturstandards',
      identifications: 'Ihre Identifikationen',
    },
    status: {
      heading: 'Ihre Identifikation',
      none: 'Sie haben für diese Anfrage noch keine Identifikation gestartet.',
      initialized: 'Ihre Identifikation wurde gestartet. Schliessen Sie sie beim Identifikationsanbieter ab.',
      inprogress: 'Ihre Identifikation läuft. Diese Seite aktualisiert sich selbst.',
      success: 'Ihre Identität ist bestätigt. Sie können jetzt unterschreiben.',
      failure: 'Der Identifikationsanbieter konnte Ihre Identität nicht bestätigen.',
      cancelled: 'Die Identifikation wurde abgebrochen.',
      continue: 'Beim Identifikationsanbieter fortfahren',
      cancel: 'Identifikation abbrechen',
      again: 'Erneut versuchen',
      toSign: 'Zum Dokument und unterschreiben',
    },
  },
};
