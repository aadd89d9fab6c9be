// The business-activity module's façade (ADR 068): the activity record written where things
// happen, and whom a business vouches for (AES for business, ADR 057).
export { recordAccountEvents, recordIdentification, recordSignature } from './record.js';
export { vouchedSubject } from './aes4biz.js';
// the CSV writer (formula-safe cells, RFC 4180 lines), also for bulk sends' result files
export { csvLine } from './csv-cells.js';
export { findVouching, type Vouching } from './vouched-names-repo.js';
