// The bulk-send module's façade (ADR 068, ADR 080). It sits on top: it uses templates, billing's
// limits and the activity report's CSV writer, and is handed signature-requests' making and sending
// of a request by the composition root.
export { runBulkSend, runDueBulkSends, type BulkSender, type RunDeps } from './run-bulk-send.js';
