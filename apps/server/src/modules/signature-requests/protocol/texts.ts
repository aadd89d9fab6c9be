// The words of the signature protocol PDF in the languages the server writes mail in (en, de,
// fr, it). Values that are data (names, addresses, hashes, event types we have no word for)
// stay as they are.
import type { RequestEventType } from '@countersign/domain';
import type { Language } from '@countersign/domain';

export interface ProtocolTexts {
  title: string;
  generatedAt: string;
  sealNote: string;
  page: (n: number, of: number) => string;
  sections: {
    request: string;
    documents: string;
    parties: string;
    consent: string;
    fields: string;
    signatures: string;
    events: string;
  };
  request: {
    title: string;
    id: string;
    owner: string;
    status: string;
    level: string;
    created: string;
    sent: string;
    completed: string;
    ended: string;
    endMessage: string;
  };
  document: {
    file: string;
    pages: string;
    originalSha256: string;
    signedSha256: string;
    revisions: string;
    storage: string;
    intact: string;
    altered: string;
    notSigned: string;
  };
  parties: { role: string; name: string; email: string; status: string; signedAt: string; note: string };
  roles: { signer: string; delegate: string; observer: string };
  delegatedTo: string;
  delegatedFrom: string;
  /** beside a signer, their signature and its event when they signed for a signer group (ADR 056) */
  forGroup: (name: string) => string;
  /** the reason a member's signature for a signer group states in the PDF (ADR 056) */
  groupSignatureReason: (name: string) => string;
  signature: {
    signer: string;
    signingTime: string;
    timestamp: string;
    level: string;
    coverage: string;
    integrity: string;
    result: string;
    whole: string;
    revision: string;
    ok: string;
    failed: string;
    documentTimestamp: string;
    none: string;
  };
  events: {
    seq: string;
    time: string;
    actor: string;
    ip: string;
    action: string;
    chain: string;
    system: string;
  };
  chainIntact: string;
  chainBroken: string;
  /** the log does not end at the event the request recorded last (ADR 026); `head` is "#seq (hash)" */
  headMissing: (head: string) => string;
  /** the line above a signer's consent to sign electronically, quoted beneath it word for word */
  consentGiven: (who: string, at: string, version: string, language: string) => string;
  /** the fields a signer filled in: kinds without a label are named by their kind; check boxes ticked or not */
  fieldKinds: Record<'signature' | 'initials' | 'date_signed' | 'name' | 'text' | 'checkbox', string>;
  ticked: string;
  notTicked: string;
  quality: Record<'ses' | 'aes' | 'qes', string>;
  requestStatus: Record<'draft' | 'open' | 'completed' | 'declined' | 'withdrawn' | 'expired', string>;
  signerStatus: Record<'pending' | 'signed' | 'declined' | 'delegated', string>;
  indication: Record<'TOTAL_PASSED' | 'INDETERMINATE' | 'TOTAL_FAILED', string>;
  eventTypes: Record<RequestEventType, string>;
}

const en: ProtocolTexts = {
  title: 'Signature protocol',
  generatedAt: 'Generated',
  sealNote:
    'This protocol is sealed by Countersign (PAdES). Any PDF validator that trusts the Countersign root can check the seal.',
  page: (n, of) => `Page ${n} of ${of}`,
  sections: {
    request: 'Request',
    documents: 'Documents',
    parties: 'Parties',
    consent: 'Consent to sign electronically',
    fields: 'Filled-in fields',
    signatures: 'Signature validation',
    events: 'Audit log',
  },
  request: {
    title: 'Title',
    id: 'Request ID',
    owner: 'Sender',
    status: 'Status',
    level: 'Signature level',
    created: 'Created',
    sent: 'Sent',
    completed: 'Completed',
    ended: 'Ended',
    endMessage: 'Reason given',
  },
  document: {
    file: 'File',
    pages: 'Pages',
    originalSha256: 'SHA-256 of the original',
    signedSha256: 'SHA-256 of the signed document',
    revisions: 'Revisions added',
    storage: 'Stored bytes',
    intact: 'match the hashes',
    altered: 'DO NOT match the hashes',
    notSigned: 'not signed yet',
  },
  parties: {
    role: 'Role',
    name: 'Name',
    email: 'E-mail',
    status: 'Status',
    signedAt: 'Signed',
    note: 'Note',
  },
  roles: { signer: 'Signer', delegate: 'Delegate', observer: 'Observer' },
  delegatedTo: 'delegated to',
  delegatedFrom: 'on behalf of',
  forGroup: (name) => `for signer group ${name}`,
  groupSignatureReason: (name) => `Signed for signer group ${name}`,
  signature: {
    signer: 'Signed by',
    signingTime: 'Signing time',
    timestamp: 'Time-stamp',
    level: 'Level',
    coverage: 'Covers',
    integrity: 'Integrity',
    result: 'Result',
    whole: 'whole document',
    revision: 'its revision',
    ok: 'intact',
    failed: 'broken',
    documentTimestamp: 'Document time-stamp',
    none: 'No signatures',
  },
  events: {
    seq: '#',
    time: 'Time (UTC)',
    actor: 'Actor',
    ip: 'IP',
    action: 'Action',
    chain: 'Chain',
    system: 'system',
  },
  chainIntact: 'Every event links to the one before: the chain is intact.',
  chainBroken: 'The chain of events is BROKEN: events were changed or removed.',
  headMissing: (head) =>
    `The request recorded event ${head} as its last: events at the end of the log were removed or replaced.`,
  consentGiven: (who, at, version, language) =>
    `${who} agreed on ${at} (text version ${version}, language ${language}):`,
  fieldKinds: {
    signature: 'Signature',
    initials: 'Initials',
    date_signed: 'Date signed',
    name: 'Name',
    text: 'Text',
    checkbox: 'Check box',
  },
  ticked: 'ticked',
  notTicked: 'not ticked',
  quality: {
    ses: 'Simple electronic signature',
    aes: 'Advanced electronic signature',
    qes: 'Qualified electronic signature',
  },
  requestStatus: {
    draft: 'Draft',
    open: 'Open',
    completed: 'Completed',
    declined: 'Declined',
    withdrawn: 'Withdrawn',
    expired: 'Expired',
  },
  signerStatus: { pending: 'Pending', signed: 'Signed', declined: 'Declined', delegated: 'Delegated' },
  indication: { TOTAL_PASSED: 'valid', INDETERMINATE: 'indeterminate', TOTAL_FAILED: 'invalid' },
  eventTypes: {
    created: 'Request created',
    documents_added: 'Documents added',
    document_removed: 'Document removed',
    attachments_added: 'Attachments added',
    attachment_removed: 'Attachment removed',
    signer_added: 'Signer added',
    signer_removed: 'Signer removed',
    details_changed: 'Details changed',
    observers_set: 'Observers set',
    initiated: 'Sent for signature',
    reminded: 'Reminder sent',
    delegated: 'Signature delegated',
    signed: 'Signed',
    declined: 'Declined',
    withdrawn: 'Withdrawn',
    expired: 'Expired',
    completed: 'Completed',
    handed_off: 'Handed over',
    claimed: 'Taken over',
    archive_renewed: 'Archive time-stamp renewed',
    embedded_signing_issued: 'Embedded signing address issued',
  },
};

const de: ProtocolTexts = {
  title: 'Signaturprotokoll',
  generatedAt: 'Erstellt',
  sealNote:
    'Dieses Protokoll ist von Countersign besiegelt (PAdES). Jedes PDF-Prüfprogramm, das der Countersign-Wurzel vertraut, kann das Siegel prüfen.',
  page: (n, of) => `Seite ${n} von ${of}`,
  sections: {
    request: 'Anfrage',
    documents: 'Dokumente',
    parties: 'Beteiligte',
    consent: 'Zustimmung zur elektronischen Unterzeichnung',
    fields: 'Ausgefüllte Felder',
    signatures: 'Prüfung der Signaturen',
    events: 'Ereignisprotokoll',
  },
  request: {
    title: 'Titel',
    id: 'Anfrage-ID',
    owner: 'Absender',
    status: 'Status',
    level: 'Signaturstufe',
    created: 'Erstellt',
    sent: 'Versendet',
    completed: 'Abgeschlossen',
    ended: 'Beendet',
    endMessage: 'Angegebener Grund',
  },
  document: {
    file: 'Datei',
    pages: 'Seiten',
    originalSha256: 'SHA-256 des Originals',
    signedSha256: 'SHA-256 des unterschriebenen Dokuments',
    revisions: 'Hinzugefügte Revisionen',
    storage: 'Gespeicherte Bytes',
    intact: 'stimmen mit den Hashwerten überein',
    altered: 'stimmen NICHT mit den Hashwerten überein',
    notSigned: 'noch nicht unterschrieben',
  },
  parties: {
    role: 'Rolle',
    name: 'Name',
    email: 'E-Mail',
    status: 'Status',
    signedAt: 'Unterschrieben',
    note: 'Hinweis',
  },
  roles: { signer: 'Unterzeichner', delegate: 'Vertretung', observer: 'Beobachter' },
  delegatedTo: 'weitergegeben an',
  delegatedFrom: 'anstelle von',
  forGroup: (name) => `für die Unterzeichnergruppe ${name}`,
  groupSignatureReason: (name) => `Unterzeichnet für die Unterzeichnergruppe ${name}`,
  signature: {
    signer: 'Unterschrieben von',
    signingTime: 'Zeitpunkt',
    timestamp: 'Zeitstempel',
    level: 'Stufe',
    coverage: 'Umfasst',
    integrity: 'Integrität',
    result: 'Ergebnis',
    whole: 'ganzes Dokument',
    revision: 'ihre Revision',
    ok: 'unversehrt',
    failed: 'verletzt',
    documentTimestamp: 'Dokument-Zeitstempel',
    none: 'Keine Signaturen',
  },
  events: {
    seq: 'Nr.',
    time: 'Zeit (UTC)',
    actor: 'Person',
    ip: 'IP',
    action: 'Ereignis',
    chain: 'Kette',
    system: 'System',
  },
  chainIntact: 'Jedes Ereignis verweist auf das vorherige: die Kette ist unversehrt.',
  chainBroken: 'Die Ereigniskette ist VERLETZT: Ereignisse wurden geändert oder entfernt.',
  headMissing: (head) =>
    `Die Anfrage hat Ereignis ${head} als letztes festgehalten: Ereignisse am Ende des Protokolls wurden entfernt oder ersetzt.`,
  consentGiven: (who, at, version, language) =>
    `${who} hat am ${at} zugestimmt (Textversion ${version}, Sprache ${language}):`,
  fieldKinds: {
    signature: 'Signatur',
    initials: 'Initialen',
    date_signed: 'Unterschriftsdatum',
    name: 'Name',
    text: 'Text',
    checkbox: 'Kontrollkästchen',
  },
  ticked: 'angekreuzt',
  notTicked: 'nicht angekreuzt',
  quality: {
    ses: 'Einfache elektronische Signatur',
    aes: 'Fortgeschrittene elektronische Signatur',
    qes: 'Qualifizierte elektronische Signatur',
  },
  requestStatus: {
    draft: 'Entwurf',
    open: 'Offen',
    completed: 'Abgeschlossen',
    declined: 'Abgelehnt',
    withdrawn: 'Zurückgezogen',
    expired: 'Abgelaufen',
  },
  signerStatus: {
    pending: 'Ausstehend',
    signed: 'Unterschrieben',
    declined: 'Abgelehnt',
    delegated: 'Weitergegeben',
  },
  indication: { TOTAL_PASSED: 'gültig', INDETERMINATE: 'unbestimmt', TOTAL_FAILED: 'ungültig' },
  eventTypes: {
    created: 'Anfrage erstellt',
    documents_added: 'Dokumente hinzugefügt',
    document_removed: 'Dokument entfernt',
    attachments_added: 'Anhänge hinzugefügt',
    attachment_removed: 'Anhang entfernt',
    signer_added: 'Unterzeichner hinzugefügt',
    signer_removed: 'Unterzeichner entfernt',
    details_changed: 'Angaben geändert',
    observers_set: 'Beobachter festgelegt',
    initiated: 'Zur Unterschrift versendet',
    reminded: 'Erinnerung versendet',
    delegated: 'Unterschrift weitergegeben',
    signed: 'Unterschrieben',
    declined: 'Abgelehnt',
    withdrawn: 'Zurückgezogen',
    expired: 'Abgelaufen',
    completed: 'Abgeschlossen',
    handed_off: 'Übergeben',
    claimed: 'Übernommen',
    archive_renewed: 'Archivzeitstempel erneuert',
    embedded_signing_issued: 'Adresse für eingebettetes Signieren ausgestellt',
  },
};

const fr: ProtocolTexts = {
  title: 'Protocole de signature',
  generatedAt: 'Établi le',
  sealNote:
    'Ce protocole est scellé par Countersign (PAdES). Tout validateur PDF qui fait confiance à la racine Countersign peut vérifier le sceau.',
  page: (n, of) => `Page ${n} sur ${of}`,
  sections: {
    request: 'Demande',
    documents: 'Documents',
    parties: 'Participants',
    consent: 'Consentement à la signature électronique',
    fields: 'Champs remplis',
    signatures: 'Validation des signatures',
    events: "Journal d'audit",
  },
  request: {
    title: 'Titre',
    id: 'ID de la demande',
    owner: 'Expéditeur',
    status: 'Statut',
    level: 'Niveau de signature',
    created: 'Créée',
    sent: 'Envoyée',
    completed: 'Terminée',
    ended: 'Close',
    endMessage: 'Motif indiqué',
  },
  document: {
    file: 'Fichier',
    pages: 'Pages',
    originalSha256: "SHA-256 de l'original",
    signedSha256: 'SHA-256 du document signé',
    revisions: 'Révisions ajoutées',
    storage: 'Octets enregistrés',
    intact: 'correspondent aux empreintes',
    altered: 'NE correspondent PAS aux empreintes',
    notSigned: 'pas encore signé',
  },
  parties: {
    role: 'Rôle',
    name: 'Nom',
    email: 'E-mail',
    status: 'Statut',
    signedAt: 'Signé le',
    note: 'Remarque',
  },
  roles: { signer: 'Signataire', delegate: 'Délégataire', observer: 'Observateur' },
  delegatedTo: 'délégué à',
  delegatedFrom: 'pour le compte de',
  forGroup: (name) => `pour le groupe de signataires ${name}`,
  groupSignatureReason: (name) => `Signé pour le groupe de signataires ${name}`,
  signature: {
    signer: 'Signé par',
    signingTime: 'Heure de signature',
    timestamp: 'Horodatage',
    level: 'Niveau',
    coverage: 'Couvre',
    integrity: 'Intégrité',
    result: 'Résultat',
    whole: 'tout le document',
    revision: 'sa révision',
    ok: 'intacte',
    failed: 'rompue',
    documentTimestamp: 'Horodatage du document',
    none: 'Aucune signature',
  },
  events: {
    seq: 'N°',
    time: 'Heure (UTC)',
    actor: 'Auteur',
    ip: 'IP',
    action: 'Action',
    chain: 'Chaîne',
    system: 'système',
  },
  chainIntact: 'Chaque événement renvoie au précédent : la chaîne est intacte.',
  chainBroken: 'La chaîne des événements est ROMPUE : des événements ont été modifiés ou supprimés.',
  headMissing: (head) =>
    `La demande a enregistré l’événement ${head} comme le dernier : des événements à la fin du journal ont été supprimés ou remplacés.`,
  consentGiven: (who, at, version, language) =>
    `${who} a consenti le ${at} (version du texte ${version}, langue ${language}) :`,
  fieldKinds: {
    signature: 'Signature',
    initials: 'Initiales',
    date_signed: 'Date de signature',
    name: 'Nom',
    text: 'Texte',
    checkbox: 'Case à cocher',
  },
  ticked: 'cochée',
  notTicked: 'non cochée',
  quality: {
    ses: 'Signature électronique simple',
    aes: 'Signature électronique avancée',
    qes: 'Signature électronique qualifiée',
  },
  requestStatus: {
    draft: 'Brouillon',
    open: 'Ouverte',
    completed: 'Terminée',
    declined: 'Refusée',
    withdrawn: 'Retirée',
    expired: 'Expirée',
  },
  signerStatus: { pending: 'En attente', signed: 'Signé', declined: 'Refusé', delegated: 'Délégué' },
  indication: { TOTAL_PASSED: 'valide', INDETERMINATE: 'indéterminée', TOTAL_FAILED: 'invalide' },
  eventTypes: {
    created: 'Demande créée',
    documents_added: 'Documents ajoutés',
    document_removed: 'Document retiré',
    attachments_added: 'Annexes ajoutées',
    attachment_removed: 'Annexe retirée',
    signer_added: 'Signataire ajouté',
    signer_removed: 'Signataire retiré',
    details_changed: 'Détails modifiés',
    observers_set: 'Observateurs définis',
    initiated: 'Envoyée pour signature',
    reminded: 'Rappel envoyé',
    delegated: 'Signature déléguée',
    signed: 'Signé',
    declined: 'Refusé',
    withdrawn: 'Retirée',
    expired: 'Expirée',
    completed: 'Terminée',
    handed_off: 'Transmise',
    claimed: 'Reprise',
    archive_renewed: 'Horodatage d’archive renouvelé',
    embedded_signing_issued: 'Adresse de signature intégrée émise',
  },
};

const it: ProtocolTexts = {
  title: 'Protocollo di firma',
  generatedAt: 'Generato il',
  sealNote:
    'Questo protocollo è sigillato da Countersign (PAdES). Qualsiasi validatore PDF che considera attendibile la radice Countersign può verificare il sigillo.',
  page: (n, of) => `Pagina ${n} di ${of}`,
  sections: {
    request: 'Richiesta',
    documents: 'Documenti',
    parties: 'Partecipanti',
    consent: 'Consenso alla firma elettronica',
    fields: 'Campi compilati',
    signatures: 'Verifica delle firme',
    events: 'Registro degli eventi',
  },
  request: {
    title: 'Titolo',
    id: 'ID della richiesta',
    owner: 'Mittente',
    status: 'Stato',
    level: 'Livello di firma',
    created: 'Creata',
    sent: 'Inviata',
    completed: 'Completata',
    ended: 'Chiusa',
    endMessage: 'Motivo indicato',
  },
  document: {
    file: 'File',
    pages: 'Pagine',
    originalSha256: "SHA-256 dell'originale",
    signedSha256: 'SHA-256 del documento firmato',
    revisions: 'Revisioni aggiunte',
    storage: 'Byte salvati',
    intact: 'corrispondono alle impronte',
    altered: 'NON corrispondono alle impronte',
    notSigned: 'non ancora firmato',
  },
  parties: {
    role: 'Ruolo',
    name: 'Nome',
    email: 'E-mail',
    status: 'Stato',
    signedAt: 'Firmato il',
    note: 'Nota',
  },
  roles: { signer: 'Firmatario', delegate: 'Delegato', observer: 'Osservatore' },
  delegatedTo: 'delegato a',
  delegatedFrom: 'per conto di',
  forGroup: (name) => `per il gruppo di firmatari ${name}`,
  groupSignatureReason: (name) => `Firmato per il gruppo di firmatari ${name}`,
  signature: {
    signer: 'Firmato da',
    signingTime: 'Ora della firma',
    timestamp: 'Marca temporale',
    level: 'Livello',
    coverage: 'Copre',
    integrity: 'Integrità',
    result: 'Esito',
    whole: "l'intero documento",
    revision: 'la sua revisione',
    ok: 'integra',
    failed: 'violata',
    documentTimestamp: 'Marca temporale del documento',
    none: 'Nessuna firma',
  },
  events: {
    seq: 'N.',
    time: 'Ora (UTC)',
    actor: 'Autore',
    ip: 'IP',
    action: 'Azione',
    chain: 'Catena',
    system: 'sistema',
  },
  chainIntact: 'Ogni evento rimanda al precedente: la catena è integra.',
  chainBroken: 'La catena degli eventi è INTERROTTA: eventi modificati o rimossi.',
  headMissing: (head) =>
    `La richiesta ha registrato l’evento ${head} come ultimo: eventi alla fine del registro sono stati rimossi o sostituiti.`,
  consentGiven: (who, at, version, language) =>
    `${who} ha acconsentito il ${at} (versione del testo ${version}, lingua ${language}):`,
  fieldKinds: {
    signature: 'Firma',
    initials: 'Iniziali',
    date_signed: 'Data di firma',
    name: 'Nome',
    text: 'Testo',
    checkbox: 'Casella di controllo',
  },
  ticked: 'selezionata',
  notTicked: 'non selezionata',
  quality: {
    ses: 'Firma elettronica semplice',
    aes: 'Firma elettronica avanzata',
    qes: 'Firma elettronica qualificata',
  },
  requestStatus: {
    draft: 'Bozza',
    open: 'Aperta',
    completed: 'Completata',
    declined: 'Rifiutata',
    withdrawn: 'Ritirata',
    expired: 'Scaduta',
  },
  signerStatus: { pending: 'In attesa', signed: 'Firmato', declined: 'Rifiutato', delegated: 'Delegato' },
  indication: { TOTAL_PASSED: 'valida', INDETERMINATE: 'indeterminata', TOTAL_FAILED: 'non valida' },
  eventTypes: {
    created: 'Richiesta creata',
    documents_added: 'Documenti aggiunti',
    document_removed: 'Documento rimosso',
    attachments_added: 'Allegati aggiunti',
    attachment_removed: 'Allegato rimosso',
    signer_added: 'Firmatario aggiunto',
    signer_removed: 'Firmatario rimosso',
    details_changed: 'Dettagli modificati',
    observers_set: 'Osservatori definiti',
    initiated: 'Inviata per la firma',
    reminded: 'Promemoria inviato',
    delegated: 'Firma delegata',
    signed: 'Firmato',
    declined: 'Rifiutato',
    withdrawn: 'Ritirata',
    expired: 'Scaduta',
    completed: 'Completata',
    handed_off: 'Consegnata',
    claimed: 'Presa in carico',
    archive_renewed: 'Marca temporale d’archivio rinnovata',
    embedded_signing_issued: 'Indirizzo di firma integrata emesso',
  },
};

export const PROTOCOL_TEXTS: Record<Language, ProtocolTexts> = { en, de, fr, it };
