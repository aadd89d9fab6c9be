// SQL of templates: a template with its roles, documents and fields, written and replaced whole,
// the templates one person may use, and whether a stored blob is still a template's document.
import type { Kysely, Transaction } from 'kysely';
import type { FieldKind } from '@countersign/domain';
import type { Database } from '../../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

/** At most this many templates per account or business: a list stays one bounded query. */
export const MAX_TEMPLATES = 200;

export interface TemplateDefaults {
  title: string;
  message: string;
  quality: 'ses' | 'aes' | 'qes';
  legislation: 'eidas' | 'zertes';
  deadlineDays: number | null;
  reminderDays: number | null;
}

export interface TemplateRole {
  id: string;
  name: string;
}

export interface TemplateDocument {
  id: string;
  title: string;
  fileName: string;
  pageCount: number;
  pages: { width: number; height: number }[];
  sha256: string;
  size: number;
}

export interface TemplateField {
  id: string;
  documentId: string;
  roleId: string;
  kind: FieldKind;
  required: boolean;
  label: string;
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface TemplateRecord {
  id: string;
  ownerId: string;
  /** the business sharing it with its people; null: its owner's own */
  businessId: string | null;
  name: string;
  defaults: TemplateDefaults;
  roles: TemplateRole[];
  documents: TemplateDocument[];
  fields: TemplateField[];
  createdAt: string;
  updatedAt: string;
}

export type TemplateRepo = ReturnType<typeof createTemplateRepo>;

/** The columns an edit may change: the name and the defaults. */
const changeableColumns = (t: TemplateRecord) => ({
  name: t.name,
  title: t.defaults.title,
  message: t.defaults.message,
  quality: t.defaults.quality,
  legislation: t.defaults.legislation,
  deadline_days: t.defaults.deadlineDays,
  reminder_days: t.defaults.reminderDays,
  updated_at: t.updatedAt,
});

async function writeParts(trx: Transaction<Database>, t: TemplateRecord): Promise<void> {
  await trx.deleteFrom('template_roles').where('template_id', '=', t.id).execute();
  await trx.deleteFrom('template_documents').where('template_id', '=', t.id).execute();
  await trx.deleteFrom('template_fields').where('template_id', '=', t.id).execute();
  if (t.roles.length > 0)
    await trx
      .insertInto('template_roles')
      .values(t.roles.map((r, position) => ({ template_id: t.id, id: r.id, position, name: r.name })))
      .execute();
  if (t.documents.length > 0)
    await trx
      .insertInto('template_documents')
      .values(
        t.documents.map((d, position) => ({
          template_id: t.id,
          id: d.id,
          position,
          title: d.title,
          file_name: d.fileName,
          page_count: d.pageCount,
          pages: JSON.stringify(d.pages),
          sha256: d.sha256,
          size: d.size,
        })),
      )
      .execute();
  if (t.fields.length > 0)
    await trx
      .insertInto('template_fields')
      .values(
        t.fields.map((f, position) => ({
          template_id: t.id,
          id: f.id,
          role_id: f.roleId,
          document_id: f.documentId,
          position,
          kind: f.kind,
          required: f.required ? 1 : 0,
          label: f.label,
          page: f.page,
          x: f.x,
          y: f.y,
          width: f.width,
          height: f.height,
        })),
      )
      .execute();
}

export function createTemplateRepo(db: Kysely<Database>) {
  async function load(ids: readonly string[]): Promise<TemplateRecord[]> {
    if (ids.length === 0) return [];
    const [rows, roles, documents, fields] = await Promise.all([
      db.selectFrom('templates').selectAll().where('id', 'in', ids).orderBy('name').orderBy('id').execute(),
      db
        .selectFrom('template_roles')
        .selectAll()
        .where('template_id', 'in', ids)
        .orderBy('position')
        .execute(),
      db
        .selectFrom('template_documents')
        .selectAll()
        .where('template_id', 'in', ids)
        .orderBy('position')
        .execute(),
      db
        .selectFrom('template_fields')
        .selectAll()
        .where('template_id', 'in', ids)
        .orderBy('position')
        .execute(),
    ]);
    return rows.map((r) => ({
      id: r.id,
      ownerId: r.owner_id,
      businessId: r.business_id,
      name: r.name,
      defaults: {
        title: r.title,
        message: r.message,
        quality: r.quality as TemplateDefaults['quality'],
        legislation: r.legislation as TemplateDefaults['legislation'],
        deadlineDays: r.deadline_days,
        reminderDays: r.reminder_days,
      },
      roles: roles.filter((x) => x.template_id === r.id).map((x) => ({ id: x.id, name: x.name })),
      documents: documents
        .filter((x) => x.template_id === r.id)
        .map((x) => ({
          id: x.id,
          title: x.title,
          fileName: x.file_name,
          pageCount: x.page_count,
          pages: JSON.parse(x.pages) as TemplateDocument['pages'],
          sha256: x.sha256,
          size: Number(x.size),
        })),
      fields: fields
        .filter((x) => x.template_id === r.id)
        .map((x) => ({
          id: x.id,
          documentId: x.document_id,
          roleId: x.role_id,
          kind: x.kind as FieldKind,
          required: x.required === 1,
          label: x.label,
          page: x.page,
          x: x.x,
          y: x.y,
          width: x.width,
          height: x.height,
        })),
      createdAt: r.created_at,
      updatedAt: r.updated_at,
    }));
  }

  /** The owner's own templates, or the business's when it shares them. */
  const ownedBy = (owner: { businessId: string | null; ownerId: string }) =>
    db
      .selectFrom('templates')
      .where((eb) =>
        owner.businessId !== null
          ? eb('business_id', '=', owner.businessId)
          : eb.and([eb('business_id', 'is', null), eb('owner_id', '=', owner.ownerId)]),
      );

  return {
    async find(id: string): Promise<TemplateRecord | undefined> {
      return (await load([id]))[0];
    },

    async list(owner: { businessId: string | null; ownerId: string }): Promise<TemplateRecord[]> {
      const rows = await ownedBy(owner).select('id').orderBy('name').limit(MAX_TEMPLATES).execute();
      return load(rows.map((r) => r.id));
    },

    async count(owner: { businessId: string | null; ownerId: string }): Promise<number> {
      const row = await ownedBy(owner)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async insert(t: TemplateRecord): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('templates')
          .values({
            id: t.id,
            owner_id: t.ownerId,
            business_id: t.businessId,
            ...changeableColumns(t),
            created_at: t.createdAt,
            updated_at: t.updatedAt,
          })
          .execute();
        await writeParts(trx, t);
      });
    },

    /** Replaces the template's name, defaults, roles, documents and fields. */
    async update(t: TemplateRecord): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('templates')
          .set({
            ...changeableColumns(t),
          })
          .where('id', '=', t.id)
          .execute();
        await writeParts(trx, t);
      });
    },

    async delete(id: string): Promise<void> {
      await db.deleteFrom('templates').where('id', '=', id).execute();
    },
  };
}

/** Whether a template's document is stored as this blob (blob removal and the sweep keep it then). */
export async function isTemplateBlob(db: Db, sha: string): Promise<boolean> {
  const row = await db
    .selectFrom('template_documents')
    .select('id')
    .where('sha256', '=', sha)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
