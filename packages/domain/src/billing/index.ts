// Billing rules: plans, prices, entitlements, proration, promo codes, VAT and the payment states.
export * from './plans.js';
export * from './money.js';
export * from './prices.js';
export * from './proration.js';
export * from './tax.js';
export * from './entitlements.js';
export * from './promo-codes.js';
export * from './payment-states.js';
export * from './address.js';
