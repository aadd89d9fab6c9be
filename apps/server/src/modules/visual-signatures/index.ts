// The visual-signatures module's façade (ADR 068): a person's visual signatures as a signature
// draws them, and the images a link holder's signature may carry.
export {
  appearanceOf,
  getDefault,
  getOwn,
  MAX_IMAGE_BYTES,
  renderPreview,
  signatureImagePng,
} from './service.js';
export type { StoredVisualSignature } from './repo.js';
