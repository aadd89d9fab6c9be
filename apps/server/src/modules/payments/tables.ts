// Tables of payments (see db/migrations/022-payments.ts and 024-invoices.ts): the sandbox
// provider's records, its webhook outbox, the events our webhook endpoint has applied, invoices.

export interface SandboxPaymentCustomersTable {
  id: string;
  reference: string;
  email: string;
  name: string;
  country: string;
  default_method_id: string | null;
  created_at: string;
}

export interface SandboxPaymentMethodsTable {
  id: string;
  customer_id: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  /** a CardBehaviour of providers/payments/sandbox/cards.ts */
  behaviour: string;
  created_at: string;
}

export interface SandboxSetupIntentsTable {
  id: string;
  customer_id: string;
  secret_hash: string;
  return_url: string;
  /** requires_payment_method, requires_action, succeeded */
  status: string;
  method_id: string | null;
  failure_code: string | null;
  created_at: string;
  updated_at: string;
}

export interface SandboxPaymentsTable {
  id: string;
  customer_id: string;
  method_id: string | null;
  amount_minor: number;
  currency: string;
  description: string;
  idempotency_key: string;
  /** succeeded, requires_action, failed */
  status: string;
  failure_code: string | null;
  created_at: string;
  updated_at: string;
}

export interface SandboxPortalSessionsTable {
  id: string;
  customer_id: string;
  secret_hash: string;
  return_url: string;
  expires_at: string;
  created_at: string;
}

export interface SandboxPaymentWebhooksTable {
  id: string;
  /** the event as JSON, exactly the body that is signed and sent */
  payload: string;
  /** pending, sending or delivered */
  status: string;
  attempts: number;
  next_attempt_at: string;
  last_error: string | null;
  created_at: string;
  delivered_at: string | null;
}

export interface PaymentEventsTable {
  provider: string;
  event_id: string;
  type: string;
  customer_id: string;
  object_id: string;
  failure_code: string | null;
  received_at: string;
}

export interface InvoiceCountersTable {
  issuer: string;
  kind: string;
  last_number: number;
}

export interface InvoicesTable {
  id: string;
  issuer: string;
  /** invoice or credit_note */
  kind: string;
  number: number;
  display_number: string;
  business_id: string | null;
  user_id: string | null;
  /** the customer as invoiced (JSON: name, email, address, country, VAT number) */
  customer: string;
  currency: string;
  /** JSON array of { description, amountMinor, taxMinor } */
  lines: string;
  subtotal_minor: number;
  tax_minor: number;
  total_minor: number;
  payment_id: string | null;
  credits_invoice_id: string | null;
  issued_at: string;
}

export interface InvoiceDocumentsTable {
  invoice_id: string;
  pdf: Uint8Array;
  created_at: string;
}

export interface PaymentTables {
  sandbox_payment_customers: SandboxPaymentCustomersTable;
  sandbox_payment_methods: SandboxPaymentMethodsTable;
  sandbox_setup_intents: SandboxSetupIntentsTable;
  sandbox_payments: SandboxPaymentsTable;
  sandbox_portal_sessions: SandboxPortalSessionsTable;
  sandbox_payment_webhooks: SandboxPaymentWebhooksTable;
  payment_events: PaymentEventsTable;
  invoice_counters: InvoiceCountersTable;
  invoices: InvoicesTable;
  invoice_documents: InvoiceDocumentsTable;
}
