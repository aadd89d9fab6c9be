// Tables of signer groups (see db/migrations/021-signer-groups-and-activity.ts).

export interface SignerGroupsTable {
  id: string;
  business_id: string;
  name: string;
  /** the name in lower case, unique within the business */
  name_key: string;
  created_by: string;
  created_at: string;
  updated_at: string;
}

export interface SignerGroupMembersTable {
  group_id: string;
  email: string;
  position: number;
}

export interface GroupTables {
  signer_groups: SignerGroupsTable;
  signer_group_members: SignerGroupMembersTable;
}
