// The product rules of the spec as pure functions, shared by the server and the web app.
// No I/O and no Node built-ins: the web app bundles this package through Vite.
export * from './roles.js';
export * from './routes.js';
export * from './route-access.js';
export * from './titles.js';
export * from './quality.js';
export * from './identification.js';
export * from './plans.js';
export * from './payment.js';
export * from './redirects.js';
export * from './dashboard-query.js';
export * from './locale.js';
export * from './patterns.js';
export * from './password-policy.js';
export { COMMON_PASSWORDS } from './common-passwords.js';
export * from './constants.js';
export * from './errors.js';
export * from './signature-request-states.js';
export * from './signature-request-policy.js';
export * from './route-guards.js';
export * from './search-terms.js';
export * from './request-display-status.js';
export * from './dashboard-view.js';
export * from './signature-placement.js';
export * from './request-expiry.js';
export * from './request-events.js';
export * from './fields.js';
