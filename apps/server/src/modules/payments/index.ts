// The payments module's façade (ADR 068): invoices as billing issues them.
export { formatDay } from './invoice-format.js';
export { issueInvoice, type Invoice, type InvoiceCustomer } from './issue-invoice.js';
