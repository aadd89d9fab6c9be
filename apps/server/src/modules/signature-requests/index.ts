// The signature-requests module's façade (ADR 068). It sits on top of the other modules, so few
// ask anything of it: whether a person may see a request, and the deletion a business's retention
// rule makes, both handed to the modules below by the composition root; and a draft read as a
// template, and a request made from one (templates, bulk send; ADR 080).
export { requireVisibleRequest } from './access.js';
export { deleteRetainedRequest } from './retention.js';
export { createRequestFromTemplate, readDraftForTemplate, sendFromTemplate } from './from-template.js';
export { drawTemplatePage, receiveTemplateDocuments } from './template-documents.js';
