// The templates module's façade (ADR 068, ADR 080). It sits below signature-requests: it keeps
// templates and decides who may use them, and is handed the reading of a draft and the making of a
// request; signature-requests asks it whether a stored blob is a template's document, and bulk
// send loads and checks templates through it.
export { isTemplateBlob, createTemplateRepo } from './repo.js';
export type { TemplateRecord, TemplateField, TemplateDocument, TemplateRepo } from './repo.js';
export type { TemplateCaller } from './policy.js';
export type { DrawTemplatePage, ReceiveTemplateDocuments } from './template-documents.js';
export { loadTemplate, type DraftForTemplate, type ReadDraftForTemplate } from './manage-templates.js';
export {
  isPrefillable,
  resolveUse,
  valueProblem,
  type MakeRequestFromTemplate,
  type RoleAssignment,
  type TemplateUse,
} from './use-template.js';
