// The billing screens, gathered so the route table loads them as one chunk on first use.
export { BillingPlanPage } from './billing-plan-page.js';
export { BusinessUpgradePage } from './business-upgrade-page.js';
export { ExtrasPage } from './extras-page.js';
export { UpgradePage } from './upgrade-page.js';
