// Tables of the webhooks module (see db/migrations/036-webhooks.ts).

export interface WebhookEndpointsTable {
  id: string;
  business_id: string | null;
  user_id: string | null;
  url: string;
  description: string;
  /** JSON array of event types */
  events: string;
  enabled: number;
  disabled_reason: string | null;
  failing_since: string | null;
  created_at: string;
  updated_at: string;
}

export interface WebhookSecretsTable {
  id: string;
  endpoint_id: string;
  secret: string;
  created_at: string;
  expires_at: string | null;
}

export interface WebhookDeliveriesTable {
  id: string;
  endpoint_id: string;
  message_id: string;
  event_type: string;
  payload: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  next_attempt_at: string | null;
  lease_owner: string | null;
  lease_until: string | null;
  last_attempt_at: string | null;
  last_response_status: number | null;
  last_error: string | null;
  created_at: string;
}

export interface WebhookSignerViewsTable {
  signer_id: string;
  viewed_at: string;
}

export interface WebhookTables {
  webhook_endpoints: WebhookEndpointsTable;
  webhook_secrets: WebhookSecretsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_signer_views: WebhookSignerViewsTable;
}
