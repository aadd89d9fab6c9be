// Tables of the maintenance module (see db/migrations/044-maintenance.ts).

export interface MaintenanceNoticeTable {
  /** always 'current': there is one notice at most */
  id: string;
  mode: 'light' | 'blocking';
  url: string | null;
  starts_at: string;
  ends_at: string | null;
  set_at: string;
  /** `cli` or `api` */
  set_by: string;
}

export interface MaintenanceStaffTable {
  user_id: string;
  added_at: string;
}

export interface MaintenanceTables {
  maintenance_notice: MaintenanceNoticeTable;
  maintenance_staff: MaintenanceStaffTable;
}
