// Calls that carry files rather than JSON: a document's bytes, its page images, the zip of a
// request's documents and an attachment's content, each with a twin for link holders under
// /v3/direct/ (authorised by the link's token), and the uploads (multipart/form-data). A file is
// answered with its media type, an ETag and a Content-Disposition that names it (RFC 6266: an ASCII
// `filename` and the exact name as `filename*`).
import { z } from 'zod';
import { ZFile, defineEndpoint, type Endpoint } from './endpoint.js';
import { ZAttachment } from './signature-requests.js';

const ZId = z.string().min(1).max(64);
const ZIdParams = z.object({ id: ZId });
const ZLinkToken = z.string().min(20).max(200);
const documentTags = ['Documents'];

/**
 * The link holder's twin of a call: the same under /v3/direct/, authorised by the link's token
 * (query `token` or the X-Link-Token header) for the link's own request, while its grant lasts.
 */
function directTwin<E extends Endpoint>(endpoint: E, what: string) {
  const query = (endpoint.query ?? z.object({})) as z.ZodObject;
  return {
    ...endpoint,
    path: endpoint.path.replace(/^\/v3\//, '/v3/direct/'),
    summary: `${endpoint.summary}, for a link holder`,
    description: `${what} For the holder of a signer's link, for the link's own request: while the request is open, and after it ended while the link's grant lasts (then 410 \`auth.token_expired\`).`,
    tags: ['Direct signing'],
    auth: 'direct' as const,
    query: query.extend({ token: ZLinkToken }),
    problems: [...(endpoint.problems ?? []), 'auth.token_expired' as const],
  };
}

const ZDownloadQuery = z.object({
  signed: z
    .enum(['true', 'false'])
    .default('false')
    .describe('true: the current revision, with every signature so far; false: the file as uploaded'),
});
const downloadWhat =
  'The PDF as uploaded, or with `signed=true` its current revision carrying every signature made so far (the original until the first signature).';

export const downloadDocument = defineEndpoint({
  method: 'GET',
  path: '/v3/documents/{id}/download',
  summary: 'Download a document (PDF)',
  description: `${downloadWhat} For the sender, the signers and the observers of its request.`,
  tags: documentTags,
  auth: 'business',
  params: ZIdParams,
  query: ZDownloadQuery,
  response: ZFile,
  file: { mediaTypes: ['application/pdf'], description: 'The PDF' },
  problems: ['document.not_found'],
});

const ZPageQuery = z.object({
  scale: z.coerce.number().int().min(10).max(400).default(100).describe('percent of 72 dpi'),
  format: z.enum(['webp', 'png']).default('webp'),
  placeholder: z
    .enum(['true', 'false'])
    .default('false')
    .describe(
      'true: a placeholder of the page, fitted inside 10x10 pixels at quality 50, whatever `scale` says',
    ),
});
const pageWhat =
  'Page `n` (from 1) drawn as an image, WebP unless `format=png`, at `scale` percent of 72 dpi (clamped below the pixel limit), or with `placeholder=true` fitted inside 10x10 pixels at quality 50, for a blurred stand-in shown while the page itself loads. Immutable: the ETag names revision, page, size and format, and If-None-Match with it answers 304.';

export const getPageImage = defineEndpoint({
  method: 'GET',
  path: '/v3/documents/{id}/pages/{n}',
  summary: 'One page of a document as an image',
  description: pageWhat,
  tags: documentTags,
  auth: 'business',
  params: z.object({ id: ZId, n: z.coerce.number().int().min(1) }),
  query: ZPageQuery,
  response: ZFile,
  file: { mediaTypes: ['image/webp', 'image/png'], description: 'The page image' },
  notModified: true,
  // the page is read again to be drawn: what it reaches may pass a limit the upload never read
  problems: [
    'document.not_found',
    'pdf.page_out_of_range',
    'pdf.corrupt',
    'pdf.limit.stream_inflated_size',
    'pdf.limit.document_inflated_size',
    'pdf.limit.nesting_depth',
    'pdf.limit.string_size',
    'pdf.limit.array_length',
    'pdf.limit.render_memory',
    'pdf.limit.time',
    'pdf.limit.memory',
  ],
});

const attachmentWhat =
  'The bytes of an attachment (PDF, PNG, JPEG or plain text), with the media type judged from them when it was added.';

export const getAttachmentContent = defineEndpoint({
  method: 'GET',
  path: '/v3/signature-requests/{id}/attachments/{attId}/content',
  summary: "An attachment's content",
  description: attachmentWhat,
  tags: documentTags,
  auth: 'business',
  params: z.object({ id: ZId, attId: ZId }),
  response: ZFile,
  file: {
    mediaTypes: ['application/pdf', 'image/png', 'image/jpeg', 'text/plain'],
    description: 'The attachment',
  },
  problems: ['signature_request.not_found', 'attachment.not_found'],
});

const zipWhat =
  'Every document of the request in one ZIP archive: as uploaded, or with `signed=true` their current revisions.';

export const downloadZip = defineEndpoint({
  method: 'GET',
  path: '/v3/signature-requests/{id}/zip',
  summary: "A request's documents as one ZIP archive",
  description: zipWhat,
  tags: documentTags,
  auth: 'business',
  params: ZIdParams,
  query: ZDownloadQuery,
  response: ZFile,
  file: { mediaTypes: ['application/zip'], description: 'The archive' },
  problems: ['signature_request.not_found'],
});

export const directDownloadDocument = defineEndpoint(directTwin(downloadDocument, downloadWhat));
export const directGetPageImage = defineEndpoint(directTwin(getPageImage, pageWhat));
export const directGetAttachmentContent = defineEndpoint(directTwin(getAttachmentContent, attachmentWhat));
export const directDownloadZip = defineEndpoint(directTwin(downloadZip, zipWhat));

export const addAttachments = defineEndpoint({
  method: 'POST',
  path: '/v3/signature-requests/{id}/attachments',
  summary: 'Add attachments to a draft (multipart/form-data)',
  description:
    'Files sent along for reading (terms, annexes), not signed: PDF, PNG, JPEG or UTF-8 text judged by their bytes, at most 10 per request, each under the upload limit (`max_upload_mb` of /api/config).',
  tags: documentTags,
  auth: 'business',
  params: ZIdParams,
  upload: { attachments: { kind: 'files', description: 'The files', required: true } },
  response: z.object({ attachments: z.array(ZAttachment) }),
  successStatus: 201,
  problems: [
    'signature_request.not_found',
    'signature_request.locked',
    'attachment.too_many',
    'attachment.type_not_allowed',
  ],
});

export const fileEndpoints = {
  downloadDocument,
  directDownloadDocument,
  getPageImage,
  directGetPageImage,
  getAttachmentContent,
  directGetAttachmentContent,
  downloadZip,
  directDownloadZip,
  addAttachments,
};
