// Tables of templates (see db/migrations/041-templates-and-bulk-send.ts).

export interface TemplatesTable {
  id: string;
  owner_id: string;
  business_id: string | null;
  name: string;
  title: string;
  message: string;
  quality: string;
  legislation: string;
  deadline_days: number | null;
  reminder_days: number | null;
  created_at: string;
  updated_at: string;
}

export interface TemplateRolesTable {
  template_id: string;
  id: string;
  position: number;
  name: string;
}

export interface TemplateDocumentsTable {
  template_id: string;
  id: string;
  position: number;
  title: string;
  file_name: string;
  page_count: number;
  /** JSON array of { width, height } */
  pages: string;
  sha256: string;
  size: number;
}

export interface TemplateFieldsTable {
  template_id: string;
  id: string;
  role_id: string;
  document_id: string;
  position: number;
  kind: string;
  required: number;
  label: string;
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface TemplateTables {
  templates: TemplatesTable;
  template_roles: TemplateRolesTable;
  template_documents: TemplateDocumentsTable;
  template_fields: TemplateFieldsTable;
}
