// The calls behind the upload screen: create a draft from PDFs (multipart POST
// /v3/signature-requests), add PDFs to it, and write the working copy back (PUT for title,
// message, deadline, level and observers; signers removed and added as planSignerSync says; the
// fields as a whole list).
import { documentEndpoints, signatureRequestEndpoints } from '@countersign/contract';
import type { SignatureRequest } from '@countersign/contract';
import type { ApiClient } from '../../api/client.js';
import { failAs } from '../../features/errors/action-failure.js';
import { isoFromDateInput } from '../../features/forms/date-input.js';
import { addSignerBody, fieldsBody, isSameFieldList, planSignerSync } from './draft-model.js';
import type { DraftModel } from './draft-model.js';

export const draftQueryKey = (id: string) => ['signature-request', id] as const;

/** A title from the first file's name, as people name their documents. */
export function titleFromFiles(files: readonly File[]): string {
  const name = files[0]?.name.replace(/\.pdf$/i, '').trim() ?? '';
  return name.slice(0, 200) || 'Document';
}

/**
 * A new draft starts at the sender's default level and legislation from their profile
 * (User.attributes.defaultQuality, defaultLegislation), which they may change before sending.
 */
export async function createDraftFromFiles(
  api: ApiClient,
  files: readonly File[],
  defaults?: Pick<SignatureRequest, 'quality' | 'legislation'>,
): Promise<SignatureRequest> {
  const form = new FormData();
  form.append('payload', JSON.stringify({ title: titleFromFiles(files), ...defaults }));
  for (const file of files) form.append('documents', file, file.name);
  return api.call(signatureRequestEndpoints.createSignatureRequest, { form });
}

export async function addFilesToDraft(api: ApiClient, id: string, files: readonly File[]): Promise<void> {
  const form = new FormData();
  for (const file of files) form.append('documents', file, file.name);
  await api.call(documentEndpoints.addDocuments, { params: { id }, form });
}

export async function saveDraft(
  api: ApiClient,
  request: SignatureRequest,
  model: DraftModel,
): Promise<SignatureRequest> {
  const title = model.title.trim();
  let saved = await api.call(signatureRequestEndpoints.updateSignatureRequest, {
    params: { id: request.id },
    body: {
      ...(title ? { title } : {}),
      message: model.message,
      expiresAt: isoFromDateInput(model.expiresOn, 'end'),
      quality: model.quality,
      legislation: model.legislation,
      tanRequired: model.tanRequired,
      observers: model.observers,
    },
  });
  const plan = planSignerSync(saved, model.signers);
  for (const sigId of plan.remove) {
    saved = await api.call(signatureRequestEndpoints.removeSigner, { params: { id: request.id, sigId } });
  }
  for (const signer of plan.add) {
    saved = await failAs('inviteSigner', () =>
      api.call(signatureRequestEndpoints.addSigner, {
        params: { id: request.id },
        body: addSignerBody(signer),
      }),
    );
  }
  const fields = fieldsBody(saved, model.fields);
  if (!isSameFieldList(saved.fields, fields))
    saved = await api.call(signatureRequestEndpoints.setFields, {
      params: { id: request.id },
      body: { fields },
    });
  return saved;
}
