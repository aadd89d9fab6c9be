// The signature-requests module's façade (ADR 068). It sits on top of the other modules, so few
// ask anything of it: whether a person may see a request, and the deletion a business's retention
// rule makes, both handed to the modules below by the composition root.
export { requireVisibleRequest } from './access.js';
export { deleteRetainedRequest } from './retention.js';
