// The signature protocol as a PDF: request, documents with their hashes, parties, the validation
// of every signature and the whole audit log, in the reader's language. The result is unsigned;
// seal-protocol.ts seals it.
import type { ProtocolEvent, ProtocolSignature, SignatureProtocol } from '@countersign/contract';
import { isRequestEventType } from '@countersign/domain';
import { isChainAtHead } from '../events.js';
import { textsOf, type Texts } from '../../../lib/i18n.js';
import { ReportWriter, type Cell } from '../../../lib/pdf-report/pdf-layout.js';

/** ISO 8601 UTC as "2026-11-22 10:00:00 UTC": unambiguous in every language. */
export function formatTime(iso: string | null): string {
  return iso ? `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC` : '-';
}

function actorLabel(e: ProtocolEvent, t: Texts<'protocol'>): string {
  if (e.actor.kind === 'system') return t('events.system');
  return e.actor.email ?? e.actor.id ?? '-';
}

/** The signer group a `signed` event records the signature was made for, if any (ADR 056). */
function groupNameOf(data: Record<string, unknown>): string | undefined {
  const group = data['group'];
  if (typeof group !== 'object' || group === null) return undefined;
  const name = (group as Record<string, unknown>)['name'];
  return typeof name === 'string' ? name : undefined;
}

/** The event's own words: its type, and the one detail that says whom or what it concerned. */
function actionLabel(e: ProtocolEvent, t: Texts<'protocol'>): string {
  const label = isRequestEventType(e.type) ? t(`eventTypes.${e.type}`) : e.type;
  const d = e.data;
  const group = groupNameOf(d);
  const detail = [
    d['signer'],
    group && t('forGroup', { group }),
    d['email'],
    d['to'] && `${String(d['from'])} -> ${String(d['to'])}`,
    d['message'],
  ]
    .filter((v): v is string => typeof v === 'string' && v.length > 0)
    .join(' / ');
  return detail ? `${label}: ${detail}` : label;
}

function signatureRows(
  signatures: ProtocolSignature[],
  signers: SignatureProtocol['signers'],
  t: Texts<'protocol'>,
): Cell[][] {
  return signatures.map((s) => {
    const integrity = s.isDigestValid && s.isSignatureValid;
    const who =
      s.kind === 'document-timestamp'
        ? t('signature.documentTimestamp')
        : [...new Set([s.signerName, s.signerEmail].filter(Boolean))].join(' ') || s.fieldName;
    const group = signers.find((signer) => signer.id === s.signerId)?.group;
    return [
      { text: group ? `${who} (${t('forGroup', { group: group.name })})` : who },
      { text: formatTime(s.signingTime) },
      { text: formatTime(s.timestampTime) },
      { text: s.level ?? '-' },
      { text: s.coversWholeDocument ? t('signature.whole') : t('signature.revision') },
      { text: integrity ? t('signature.ok') : t('signature.failed'), isAlert: !integrity },
      {
        text: `${t(`indication.${s.indication}`)}${s.subIndication ? ` (${s.subIndication})` : ''}`,
        isAlert: s.indication !== 'TOTAL_PASSED',
      },
    ];
  });
}

function partyRows(p: SignatureProtocol, t: Texts<'protocol'>): Cell[][] {
  const signers = p.signers.map((s): Cell[] => {
    const notes = [
      s.group && t('forGroup', { group: s.group.name }),
      s.delegatedTo && `${t('delegatedTo')} ${s.delegatedTo.email}`,
      s.delegatedFrom && `${t('delegatedFrom')} ${s.delegatedFrom.email}`,
      s.declineMessage,
    ].filter(Boolean);
    return [
      { text: s.delegatedFrom ? t('roles.delegate') : t('roles.signer') },
      { text: s.name ?? '-' },
      // a signer group's place has no address until a member signs for it
      { text: s.email || '-' },
      { text: t(`signerStatus.${s.status}`) },
      { text: formatTime(s.signedAt ?? s.declinedAt) },
      { text: notes.join('; ') || '-' },
    ];
  });
  const observers = p.observers.map((o): Cell[] => [
    { text: t('roles.observer') },
    { text: '-' },
    { text: o.email },
    { text: '-' },
    { text: '-' },
    { text: '-' },
  ]);
  return [...signers, ...observers];
}

function writeDocuments(w: ReportWriter, p: SignatureProtocol, t: Texts<'protocol'>): void {
  w.heading(t('sections.documents'));
  for (const d of p.documents) {
    w.fields([
      [t('request.title'), { text: d.title, font: 'bold' }],
      [t('document.file'), d.fileName],
      [t('document.pages'), String(d.pageCount)],
      [t('document.originalSha256'), { text: d.originalSha256, font: 'mono' }],
      [
        t('document.signedSha256'),
        { text: d.signedSha256 ?? t('document.notSigned'), font: d.signedSha256 ? 'mono' : 'regular' },
      ],
      [t('document.revisions'), String(d.revision)],
      [
        t('document.storage'),
        {
          text: d.isStorageIntact ? t('document.intact') : t('document.altered'),
          isAlert: !d.isStorageIntact,
        },
      ],
    ]);
  }
}

/** Each signer's consent to sign electronically, quoted as they were shown it. */
function writeConsents(w: ReportWriter, p: SignatureProtocol, t: Texts<'protocol'>): void {
  const given = p.signers.filter((s) => s.consent);
  if (given.length === 0) return;
  w.heading(t('sections.consent'));
  for (const s of given) {
    const consent = s.consent!;
    w.keepTogether(50);
    const who = s.name ? `${s.name} <${s.email}>` : s.email;
    w.paragraph(
      t('consentGiven', {
        who,
        at: formatTime(consent.at),
        version: consent.version,
        language: consent.language,
      }),
      { size: 9.5 },
    );
    w.paragraph(`"${consent.text}"`, { isMuted: true });
  }
}

/** The manifestation of each Part 11 signature (21 CFR 11.50): printed name, date and time, meaning. */
function writePart11(w: ReportWriter, p: SignatureProtocol): void {
  const manifested = p.signers.filter((s) => s.part11);
  if (manifested.length === 0) return;
  const t = textsOf(p.language, 'part11');
  w.heading(t('protocolHeading'));
  for (const s of manifested) {
    const { printedName, meaning, at } = s.part11!;
    w.keepTogether(30);
    w.paragraph(t('protocolLine', { name: printedName, email: s.email, at: formatTime(at), meaning }), {
      size: 9.5,
    });
  }
}

/** What each signer filled in, as their signature wrote it into their own fields. */
function writeFilledFields(w: ReportWriter, p: SignatureProtocol, t: Texts<'protocol'>): void {
  const filling = p.signers.filter((s) => s.filledFields.length > 0);
  if (filling.length === 0) return;
  w.heading(t('sections.fields'));
  for (const s of filling) {
    w.keepTogether(40);
    w.paragraph(s.name ? `${s.name} <${s.email}>` : s.email, { size: 9.5 });
    w.fields(
      s.filledFields.map((f): [string, string] => [
        f.label || t(`fieldKinds.${f.kind}`),
        f.kind === 'checkbox' ? (f.value === 'true' ? t('ticked') : t('notTicked')) : f.value,
      ]),
    );
  }
}

function writeSignatures(w: ReportWriter, p: SignatureProtocol, t: Texts<'protocol'>): void {
  w.heading(t('sections.signatures'));
  for (const d of p.documents) {
    // the caption, the header row and a first row stay together
    w.keepTogether(70);
    w.paragraph(`${d.title} (${d.fileName})`, { size: 9.5 });
    if (d.signatures.length === 0) {
      w.paragraph(t('signature.none'), { isMuted: true });
      continue;
    }
    w.table(
      [
        { header: t('signature.signer'), width: 0.24 },
        { header: t('signature.signingTime'), width: 0.14 },
        { header: t('signature.timestamp'), width: 0.14 },
        { header: t('signature.level'), width: 0.08 },
        { header: t('signature.coverage'), width: 0.14 },
        { header: t('signature.integrity'), width: 0.11 },
        { header: t('signature.result'), width: 0.15 },
      ],
      signatureRows(d.signatures, p.signers, t),
    );
  }
}

function writeEvents(w: ReportWriter, p: SignatureProtocol, t: Texts<'protocol'>): void {
  w.heading(t('sections.events'));
  w.paragraph(p.chainValid ? t('chainIntact') : t('chainBroken'), { isAlert: !p.chainValid });
  // every remaining link may hold while the end is gone: say where the log should have ended
  const head = { seq: p.chainHead.seq, hash: p.chainHead.sha256 };
  if (!isChainAtHead(p.events, head))
    w.paragraph(
      t('headMissing', { head: head.hash ? `#${head.seq} (${head.hash.slice(0, 12)})` : `#${head.seq}` }),
      { isAlert: true },
    );
  w.table(
    [
      { header: t('events.seq'), width: 0.05 },
      { header: t('events.time'), width: 0.2 },
      { header: t('events.actor'), width: 0.21 },
      { header: t('events.ip'), width: 0.12 },
      { header: t('events.action'), width: 0.28 },
      { header: t('events.chain'), width: 0.14 },
    ],
    p.events.map((e): Cell[] => [
      { text: String(e.seq) },
      { text: formatTime(e.at) },
      { text: actorLabel(e, t) },
      { text: e.ip ?? '-' },
      { text: actionLabel(e, t) },
      {
        text: `${e.isChainIntact ? t('signature.ok') : t('signature.failed')} ${e.hash.slice(0, 8)}`,
        isAlert: !e.isChainIntact,
      },
    ]),
  );
}

export async function renderProtocolPdf(p: SignatureProtocol): Promise<Uint8Array> {
  const t = textsOf(p.language, 'protocol');
  const w = await ReportWriter.create();
  const r = p.request;
  w.title(t('title'), `${t('generatedAt')} ${formatTime(p.generatedAt)}. ${t('sealNote')}`);

  w.heading(t('sections.request'));
  w.fields([
    [t('request.title'), { text: r.title, font: 'bold' }],
    [t('request.id'), { text: r.id, font: 'mono' }],
    [t('request.owner'), r.owner.name ? `${r.owner.name} <${r.owner.email}>` : r.owner.email],
    [t('request.status'), t(`requestStatus.${r.status}`)],
    [t('request.level'), `${t(`quality.${r.quality}`)} (${r.legislation === 'zertes' ? 'ZertES' : 'eIDAS'})`],
    [t('request.created'), formatTime(r.createdAt)],
    [t('request.sent'), formatTime(r.initiatedAt)],
    [r.completedAt ? t('request.completed') : t('request.ended'), formatTime(r.completedAt ?? r.endedAt)],
    ...(r.endMessage ? [[t('request.endMessage'), r.endMessage] as [string, string]] : []),
  ]);

  writeDocuments(w, p, t);
  w.heading(t('sections.parties'));
  w.table(
    [
      { header: t('parties.role'), width: 0.13 },
      { header: t('parties.name'), width: 0.18 },
      { header: t('parties.email'), width: 0.23 },
      { header: t('parties.status'), width: 0.13 },
      { header: t('parties.signedAt'), width: 0.15 },
      { header: t('parties.note'), width: 0.18 },
    ],
    partyRows(p, t),
  );
  writeConsents(w, p, t);
  writePart11(w, p);
  writeFilledFields(w, p, t);
  writeSignatures(w, p, t);
  writeEvents(w, p, t);

  w.footers((n, of) => `${t('title')} - ${r.id} - ${t('page', { page: n, pages: of })}`);
  const doc = w.doc;
  doc.setTitle(`${t('title')}: ${r.title}`);
  doc.setLanguage(p.language);
  doc.setAuthor('Countersign');
  doc.setCreator('Countersign');
  doc.setProducer('Countersign');
  doc.setCreationDate(new Date(p.generatedAt));
  doc.setModificationDate(new Date(p.generatedAt));
  // Classic cross-reference table: the seal is added as an incremental revision after it.
  return doc.save({ useObjectStreams: false });
}
