// The identification module's façade (ADR 021, 025, 068): the qualities a person or a signature
// holds, the identifications behind them, and the provider pages' webhook path.
export {
  applyIdentificationReport,
  cancelIdentification,
  getIdentification,
  holdersOfAccount,
  holdersOfSigner,
  identityBehind,
  linkHolderQualitiesDetail,
  presentIdentification,
  recordEidIdentification,
  signatureQualitiesOf,
  startIdentification,
  type Holder,
} from './service.js';
export {
  findIdentification,
  heldQualities,
  listIdentifications,
  signerPerson,
  vouchedQualities,
  type IdentificationRecord,
} from './repo.js';
export { disconnectEidIdentification } from './eid-disconnection.js';
export { WEBHOOK_PATH } from './routes.js';
