// The business-activity module's façade (ADR 068): the activity record written where things
// happen, and whom a business vouches for (AES for business, ADR 057).
export { recordAccountEvents, recordIdentification, recordSignature } from './record.js';
export { vouchedSubject } from './aes4biz.js';
export { findVouching, type Vouching } from './vouched-names-repo.js';
