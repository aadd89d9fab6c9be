// The visual-signature calls that are not JSON and so sit outside the typed client: the preview
// (a PNG drawn by the server's PDF engine) and the custom image upload (multipart). They carry the
// session like every call and turn problem documents into the same ApiError.
import { VISUAL_SIGNATURE_DEFAULT_SIZE } from '@countersign/domain';
import { LINK_TOKEN_HEADER, ZVisualSignature, camelKeys, snakeKeys } from '@countersign/contract';
import type { VisualSignature, VisualSignatureInput } from '@countersign/contract';
import { ApiError, clientErrorCodes } from '../../api/api-error.js';
import { readProblem } from '../../api/client.js';
import type { SessionStore } from '../../api/session-store.js';

export interface BinaryCallDeps {
  fetch: typeof fetch;
  session: SessionStore;
}

/**
 * What to draw: a saved signature by id, or a draft (keeping the image of `id` when given), or
 * the signature of the link whose token is `linkToken` (a link holder's, as it will be signed).
 */
export interface PreviewSource {
  id?: string;
  draft?: VisualSignatureInput;
  linkToken?: string;
}

export const IMAGE_TYPES = ['image/png', 'image/jpeg'];
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

/** Why a picked file cannot be a signature image (checked before it is sent), or null. */
export function refuseImageFile(
  file: File,
): 'profile.visual.imageWrongType' | 'profile.visual.imageTooLarge' | null {
  if (!IMAGE_TYPES.includes(file.type)) return 'profile.visual.imageWrongType';
  if (file.size > MAX_IMAGE_BYTES) return 'profile.visual.imageTooLarge';
  return null;
}

async function send(
  deps: BinaryCallDeps,
  url: string,
  init: RequestInit,
  linkToken?: string,
): Promise<Response> {
  const headers = new Headers(init.headers);
  // a link holder is known by the link alone, sent in its header (out of the address)
  const token = linkToken === undefined ? deps.session.readToken() : null;
  if (token) headers.set('authorization', `Bearer ${token}`);
  if (linkToken !== undefined) headers.set(LINK_TOKEN_HEADER, linkToken);
  let response: Response;
  try {
    response = await deps.fetch(url, { ...init, headers });
  } catch (cause) {
    if (init.signal?.aborted) throw cause;
    throw new ApiError(0, clientErrorCodes.network, 'The server could not be reached');
  }
  if (response.ok) return response;
  throw (await readProblem(response)).apiError;
}

async function readSignature(response: Response): Promise<VisualSignature> {
  return ZVisualSignature.parse(camelKeys(await response.json()));
}

/** The preview PNG at the spec's 300x140 (spec 3 and 9). */
export async function fetchPreview(
  deps: BinaryCallDeps,
  source: PreviewSource,
  signal?: AbortSignal,
): Promise<Blob> {
  const query = new URLSearchParams({
    width: String(VISUAL_SIGNATURE_DEFAULT_SIZE.width),
    height: String(VISUAL_SIGNATURE_DEFAULT_SIZE.height),
  });
  if (source.linkToken !== undefined) {
    const init: RequestInit = { headers: { accept: 'image/png' }, ...(signal && { signal }) };
    const url = `/v1/direct/preview-visual-signature?${query}`;
    return (await send(deps, url, init, source.linkToken)).blob();
  }
  if (source.id) query.set('id', source.id);
  const init: RequestInit = { method: source.draft ? 'POST' : 'GET', headers: { accept: 'image/png' } };
  if (signal) init.signal = signal;
  if (source.draft) {
    init.headers = { accept: 'image/png', 'content-type': 'application/json' };
    init.body = JSON.stringify(snakeKeys(source.draft));
  }
  const response = await send(deps, `/v1/user/preview-visual-signature?${query}`, init);
  return response.blob();
}

/** The multipart body of a signature image upload (the `image` part). */
export function imageForm(file: Blob, fileName: string): FormData {
  const form = new FormData();
  form.append('image', file, fileName);
  return form;
}

export async function uploadSignatureImage(
  deps: BinaryCallDeps,
  id: string,
  file: Blob,
  fileName: string,
): Promise<VisualSignature> {
  const url = `/v1/images/signature/${encodeURIComponent(id)}`;
  return readSignature(await send(deps, url, { method: 'POST', body: imageForm(file, fileName) }));
}

export async function removeSignatureImage(deps: BinaryCallDeps, id: string): Promise<VisualSignature> {
  const url = `/v1/images/signature/${encodeURIComponent(id)}`;
  return readSignature(await send(deps, url, { method: 'DELETE' }));
}
