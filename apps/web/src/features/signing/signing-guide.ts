// Guided signing in the browser: every field of the request as a box to draw over its page
// (labelled with its signer's name), the caller's own fields in reading order, which of them the
// signer has done, the values they typed or ticked, and the one "next field" leads to. The order
// and the counting are domain rules (packages/domain signing-guide.ts); this holds the signer's
// progress through one visit. Signature boxes come from each signer's document signatures; the
// other kinds from the request's fields. Name and date-signed fields are filled by the server,
// so they are shown but are not steps of the guide.
import type { SignatureRequest } from '@countersign/contract';
import { guideProgress, nextGuideField, orderGuideFields, stepGuideField } from '@countersign/domain';
import type { GuideField, GuideFieldKind, GuideProgress } from '@countersign/domain';
import { useCallback, useMemo, useState } from 'react';

export interface PageField extends GuideField {
  documentId: string;
  signerId: string;
  /** the signer's name as the request knows it, else their e-mail address */
  signerLabel: string;
  /** what the sender asks for (a text field's label); empty when the kind says it all */
  label: string;
  /** the field belongs to the caller and the caller may sign now */
  isMine: boolean;
  /** its signer has signed already */
  isSigned: boolean;
  /** what the signer's signature wrote into it (as the PDF shows it); null before */
  value: string | null;
}

/** A field value the sign call carries (text, or a check box's state), by the request's field id. */
export interface FieldValue {
  fieldId: string;
  value: string | boolean;
}

/** Kinds the signer acts on in the guide; name and date signed are written without asking. */
const GUIDED_KINDS: ReadonlySet<GuideFieldKind> = new Set(['signature', 'initials', 'text', 'checkbox']);
/** Kinds done by pressing their box ("Sign here", "Initial here"), not by typing or ticking. */
export const isPressedKind = (kind: GuideFieldKind) => kind === 'signature' || kind === 'initials';

const signerLabelOf = (signer: SignatureRequest['signatures'][number]) => signer.name ?? signer.email;

/** Every placed field of the request, the caller's marked as theirs while they may sign. */
export function pageFieldsOf(request: SignatureRequest, canSign: boolean): PageField[] {
  const documentIndex = new Map(request.documents.map((d, i) => [d.id, i]));
  const active = request.signatures.filter((s) => s.status !== 'delegated' && s.status !== 'declined');
  const signatureBoxes = active.flatMap((signer) =>
    signer.documentSignatures.flatMap((ds) =>
      ds.placement && documentIndex.has(ds.documentId)
        ? [
            {
              id: `${signer.id}:${ds.documentId}`,
              kind: 'signature' as const,
              documentIndex: documentIndex.get(ds.documentId)!,
              documentId: ds.documentId,
              placement: ds.placement,
              isRequired: true,
              signerId: signer.id,
              signerLabel: signerLabelOf(signer),
              label: '',
              isMine: canSign && signer.id === request.you.signatureId,
              isSigned: signer.status === 'signed',
              value: null,
            },
          ]
        : [],
    ),
  );
  const others = request.fields.flatMap((field) => {
    const signer = active.find((s) => s.id === field.signerId);
    if (field.kind === 'signature' || !signer || !documentIndex.has(field.documentId)) return [];
    const { page, x, y, width, height } = field;
    return [
      {
        id: field.id,
        kind: field.kind,
        documentIndex: documentIndex.get(field.documentId)!,
        documentId: field.documentId,
        placement: { page, x, y, width, height },
        isRequired: field.required,
        signerId: signer.id,
        signerLabel: signerLabelOf(signer),
        label: field.label,
        isMine: canSign && signer.id === request.you.signatureId,
        isSigned: signer.status === 'signed',
        value: field.value,
      },
    ];
  });
  return [...signatureBoxes, ...others];
}

/** Which of the signer's fields are done: pressed ones, text not blank, check boxes ticked. */
export function doneFields(
  mine: readonly PageField[],
  pressed: ReadonlySet<string>,
  values: Readonly<Record<string, string | boolean>>,
): Set<string> {
  return new Set(
    mine
      .filter((f) => {
        if (isPressedKind(f.kind)) return pressed.has(f.id);
        const value = values[f.id];
        return f.kind === 'checkbox' ? value === true : typeof value === 'string' && value.trim() !== '';
      })
      .map((f) => f.id),
  );
}

/** What the sign call sends: text typed (trimmed, not blank) and the state of every check box. */
export function fieldValuesOf(
  mine: readonly PageField[],
  values: Readonly<Record<string, string | boolean>>,
): FieldValue[] {
  return mine.flatMap((f): FieldValue[] => {
    const value = values[f.id];
    if (f.kind === 'checkbox') return [{ fieldId: f.id, value: value === true }];
    if (f.kind === 'text' && typeof value === 'string' && value.trim() !== '')
      return [{ fieldId: f.id, value: value.trim() }];
    return [];
  });
}

export interface SigningGuide {
  /** every field to draw, mine or not */
  fields: PageField[];
  /** my fields to act on, in reading order */
  mine: PageField[];
  done: ReadonlySet<string>;
  /** what I typed or ticked, by field id */
  values: Readonly<Record<string, string | boolean>>;
  currentId: string | null;
  progress: GuideProgress;
  /** presses a field: marks a signature or initials done (or undone), flips a check box; makes it current */
  toggle(id: string): void;
  setValue(id: string, value: string | boolean): void;
  /** moves to the next field to do (see nextGuideField) and returns it; null when all are done */
  next(): PageField | null;
  /** moves one field back or on in reading order, done or not (field by field); null past the ends */
  step(delta: 1 | -1): PageField | null;
  focus(id: string): void;
  /** the values the sign call carries */
  fieldValues(): FieldValue[];
}

export function useSigningGuide(request: SignatureRequest | undefined, canSign: boolean): SigningGuide {
  const fields = useMemo(() => (request ? pageFieldsOf(request, canSign) : []), [request, canSign]);
  const mine = useMemo(
    () => orderGuideFields(fields.filter((f) => f.isMine && GUIDED_KINDS.has(f.kind))),
    [fields],
  );
  const [pressed, setPressed] = useState<ReadonlySet<string>>(new Set());
  const [values, setValues] = useState<Readonly<Record<string, string | boolean>>>({});
  const [currentId, setCurrentId] = useState<string | null>(null);
  const done = useMemo(() => doneFields(mine, pressed, values), [mine, pressed, values]);
  const setValue = useCallback((id: string, value: string | boolean) => {
    setCurrentId(id);
    setValues((old) => ({ ...old, [id]: value }));
  }, []);
  const toggle = useCallback(
    (id: string) => {
      const field = mine.find((f) => f.id === id);
      setCurrentId(id);
      if (field?.kind === 'checkbox') setValues((old) => ({ ...old, [id]: old[id] !== true }));
      if (!field || !isPressedKind(field.kind)) return;
      setPressed((old) => {
        const next = new Set(old);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      });
    },
    [mine],
  );
  const next = useCallback(() => {
    const found = nextGuideField(mine, done, currentId);
    if (found) setCurrentId(found.id);
    return found;
  }, [mine, done, currentId]);
  const step = useCallback(
    (delta: 1 | -1) => {
      const found = stepGuideField(mine, currentId, delta);
      if (found) setCurrentId(found.id);
      return found;
    },
    [mine, currentId],
  );
  const fieldValues = useCallback(() => fieldValuesOf(mine, values), [mine, values]);
  return {
    fields,
    mine,
    done,
    values,
    currentId,
    progress: guideProgress(mine, done),
    toggle,
    setValue,
    next,
    step,
    focus: setCurrentId,
    fieldValues,
  };
}

/** The element id of a field's box, so the guide can scroll to and focus it. */
export const fieldElementId = (id: string) => `field-${id.replace(/[^\w-]/g, '_')}`;
