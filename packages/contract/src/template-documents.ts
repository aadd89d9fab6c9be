// The documents of a saved template (ADR 100): their pages as images, for placing fields while the
// template is edited, and documents uploaded straight into it, added or put in the place of one it
// has. A template's document is shown and changed as a draft's is; requests made from the template
// before keep the documents they were made with.
import { z } from 'zod';
import { ZFile, defineEndpoint } from './endpoint.js';
import { pdfUploadProblems } from './errors.js';
import { ZTemplate, templateProblems } from './templates.js';

const tags = ['Templates'];
const ZId = z.string().min(1).max(64);
const ZDocumentParams = z.object({ id: ZId, documentId: ZId });
const changeProblems = [...templateProblems, 'template.forbidden'] as const;

export const getTemplatePageImage = defineEndpoint({
  method: 'GET',
  path: '/v3/templates/{id}/documents/{documentId}/pages/{n}',
  summary: "One page of a template's document as an image",
  description:
    'Page `n` (from 1) of the document as uploaded, WebP unless `format=png`, at `scale` percent of 72 dpi: what the web app places fields on while a template is edited. Whoever may read the template may read its pages; any other caller gets 404 `template.not_found`.',
  tags,
  auth: 'business',
  params: ZDocumentParams.extend({ n: z.coerce.number().int().min(1) }),
  query: z.object({
    scale: z.coerce.number().int().min(10).max(400).default(100).describe('percent of 72 dpi'),
    format: z.enum(['webp', 'png']).default('webp'),
  }),
  response: ZFile,
  file: { mediaTypes: ['image/webp', 'image/png'], description: 'The page image' },
  notModified: true,
  problems: [
    ...templateProblems,
    'template.document_not_found',
    'pdf.page_out_of_range',
    'pdf.corrupt',
    'pdf.limit.render_memory',
    'pdf.limit.time',
  ],
});

export const addTemplateDocuments = defineEndpoint({
  method: 'POST',
  path: '/v3/templates/{id}/documents',
  summary: 'Upload PDFs into a template: multipart/form-data with the files as `documents`',
  description:
    'Checked as uploads to a draft are (the upload limit, `max_upload_mb` of /api/config, and what one document may cost); one refused file adds none. Added after the documents the template has, with no fields yet: place them with PUT /v3/templates/{id}.',
  tags,
  auth: 'business',
  params: z.object({ id: ZId }),
  upload: { documents: { kind: 'files', description: 'The PDFs', required: true } },
  response: ZTemplate,
  successStatus: 201,
  problems: [...changeProblems, ...pdfUploadProblems],
});

export const replaceTemplateDocument = defineEndpoint({
  method: 'PUT',
  path: '/v3/templates/{id}/documents/{documentId}',
  summary: "Put an uploaded PDF in the place of a template's document: multipart/form-data, `document`",
  description:
    'The document keeps its id, place and fields; its title and file name become the new file’s. A field that would lie off the new pages is refused with 422 `template.invalid_field` (move or remove it first), and nothing changes.',
  tags,
  auth: 'business',
  params: ZDocumentParams,
  upload: { document: { kind: 'file', description: 'The PDF', required: true } },
  response: ZTemplate,
  problems: [
    ...changeProblems,
    'template.document_not_found',
    'template.invalid_field',
    ...pdfUploadProblems,
  ],
});

export const removeTemplateDocument = defineEndpoint({
  method: 'DELETE',
  path: '/v3/templates/{id}/documents/{documentId}',
  summary: 'Remove a document from a template, with the fields placed on it',
  tags,
  auth: 'business',
  params: ZDocumentParams,
  response: ZTemplate,
  problems: [...changeProblems, 'template.document_not_found'],
});

export const templateDocumentEndpoints = {
  getTemplatePageImage,
  addTemplateDocuments,
  replaceTemplateDocument,
  removeTemplateDocument,
};
