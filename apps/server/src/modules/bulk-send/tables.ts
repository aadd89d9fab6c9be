// Tables of bulk sends (see db/migrations/041-templates-and-bulk-send.ts).

export interface BulkSendsTable {
  id: string;
  template_id: string;
  owner_id: string;
  business_id: string | null;
  /** JSON of the template as checked */
  template: string;
  status: string;
  total_rows: number;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  claimed_by: string | null;
  claimed_until: string | null;
}

export interface BulkSendRowsTable {
  bulk_send_id: string;
  position: number;
  data: string;
  status: string;
  errors: string;
  request_id: string | null;
  sent_at: string | null;
}

export interface BulkSendTables {
  bulk_sends: BulkSendsTable;
  bulk_send_rows: BulkSendRowsTable;
}
