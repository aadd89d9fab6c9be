// The billing module's façade (ADR 068): what a plan allows, checked where requests are made, sent
// and signed.
export type { PlanGate } from './enforcement.js';
