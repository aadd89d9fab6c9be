// The maintenance module's façade (ADR 068): the notice in force, as the web app's configuration
// reports it to each caller.
export { createMaintenanceReader, type MaintenanceReader, type NoticeInForce } from './notices.js';
export { createMaintenanceRepo } from './repo.js';
