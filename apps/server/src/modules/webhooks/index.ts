// The webhooks module's façade (ADR 068, ADR 069): the other modules record the events
// integrators hear of, each in the transaction of its own change; the metrics read its backlog.
export {
  recordIdentificationFinished,
  recordRequestEvents,
  recordRetentionDeletion,
  recordSignerView,
  type RequestEventFacts,
} from './record.js';
export { countPendingDeliveries } from './delivery-repo.js';
