// The webhooks module's façade (ADR 068, ADR 069): the other modules record the events
// integrators hear of, each in the transaction of its own change.
export {
  recordIdentificationFinished,
  recordRequestEvents,
  recordRetentionDeletion,
  recordSignerView,
  type RequestEventFacts,
} from './record.js';
