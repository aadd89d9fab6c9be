// Guided signing in the browser: every field of the request as a box to draw over its page
// (labelled with its signer's name), the caller's own fields in reading order, which of them the
// signer has done, and the one "next field" leads to. The order and the counting are domain rules
// (packages/domain signing-guide.ts); this holds the signer's progress through one visit.
import type { SignatureRequest } from '@countersign/contract';
import { guideProgress, nextGuideField, orderGuideFields } from '@countersign/domain';
import type { GuideField, GuideProgress } from '@countersign/domain';
import { useCallback, useMemo, useState } from 'react';

export interface PageField extends GuideField {
  documentId: string;
  signerId: string;
  /** the signer's name as the request knows it, else their e-mail address */
  signerLabel: string;
  /** the field belongs to the caller and the caller may sign now */
  isMine: boolean;
  /** its signer has signed already */
  isSigned: boolean;
}

/** Every placed field of the request, the caller's marked as theirs while they may sign. */
export function pageFieldsOf(request: SignatureRequest, canSign: boolean): PageField[] {
  const documentIndex = new Map(request.documents.map((d, i) => [d.id, i]));
  return request.signatures.flatMap((signer) =>
    signer.status === 'delegated' || signer.status === 'declined'
      ? []
      : signer.documentSignatures.flatMap((ds) =>
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
                  signerLabel: signer.name ?? signer.email,
                  isMine: canSign && signer.id === request.you.signatureId,
                  isSigned: signer.status === 'signed',
                },
              ]
            : [],
        ),
  );
}

export interface SigningGuide {
  /** every field to draw, mine or not */
  fields: PageField[];
  /** my fields in reading order */
  mine: PageField[];
  done: ReadonlySet<string>;
  currentId: string | null;
  progress: GuideProgress;
  /** marks a field done (or undone again) and makes it the current one */
  toggle(id: string): void;
  /** moves to the next field to do (see nextGuideField) and returns it; null when all are done */
  next(): PageField | null;
  focus(id: string): void;
}

export function useSigningGuide(request: SignatureRequest | undefined, canSign: boolean): SigningGuide {
  const fields = useMemo(() => (request ? pageFieldsOf(request, canSign) : []), [request, canSign]);
  const mine = useMemo(() => orderGuideFields(fields.filter((f) => f.isMine)), [fields]);
  const [done, setDone] = useState<ReadonlySet<string>>(new Set());
  const [currentId, setCurrentId] = useState<string | null>(null);
  const toggle = useCallback((id: string) => {
    setCurrentId(id);
    setDone((old) => {
      const next = new Set(old);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }, []);
  const next = useCallback(() => {
    const found = nextGuideField(mine, done, currentId);
    if (found) setCurrentId(found.id);
    return found;
  }, [mine, done, currentId]);
  return {
    fields,
    mine,
    done,
    currentId,
    progress: guideProgress(mine, done),
    toggle,
    next,
    focus: setCurrentId,
  };
}

/** The element id of a field's box, so the guide can scroll to and focus it. */
export const fieldElementId = (id: string) => `field-${id.replace(/[^\w-]/g, '_')}`;
