// Maintenance notices as data (spec 2 and 3: a light notice shows a bar, a blocking one sends
// people to /maintenance; internal staff bypass it). The operator of the installation sets,
// schedules and clears the one notice, and names the staff who pass a blocking one, through these
// calls (Bearer `OPERATOR_API_TOKEN`) or the command line; every server reads the notice from the
// database, and the web app sees it with its 60-second poll of `/api/config`.
import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';

export const ZMaintenanceMode = z.enum(['light', 'blocking']);

export const ZMaintenanceNoticeDetail = z.object({
  mode: ZMaintenanceMode,
  /** where the bar's link (light) or the maintenance page (blocking) points */
  url: z.string().nullable(),
  startsAt: z.string(),
  /** null: until the operator clears it */
  endsAt: z.string().nullable(),
  /** whether it is shown now (it may be scheduled, or over) */
  inForce: z.boolean(),
  setAt: z.string(),
  /** `api` or `cli` */
  setBy: z.string(),
});
export type MaintenanceNoticeDetail = z.infer<typeof ZMaintenanceNoticeDetail>;

export const ZMaintenanceOverview = z.object({
  notice: ZMaintenanceNoticeDetail.nullable(),
  /** the addresses of the staff who pass a blocking notice */
  staff: z.array(z.string()),
});

const tags = ['Operator'];
const description =
  'The operator of the installation only (Bearer `OPERATOR_API_TOKEN`; without that setting the operator API answers 404).';

export const getMaintenance = defineEndpoint({
  method: 'GET',
  path: '/v1/operator/maintenance',
  summary: 'The maintenance notice (in force or scheduled) and the staff who pass a blocking one',
  description,
  tags,
  auth: 'operator',
  response: ZMaintenanceOverview,
});

export const ZSetMaintenance = z.strictObject({
  mode: ZMaintenanceMode,
  url: z
    .url({ protocol: /^https?$/ })
    .max(2000)
    .optional(),
  startsAt: z.iso.datetime({ offset: true }).optional(),
  endsAt: z.iso.datetime({ offset: true }).optional(),
});

export const setMaintenance = defineEndpoint({
  method: 'PUT',
  path: '/v1/operator/maintenance',
  summary: 'Set or schedule the maintenance notice, replacing any other',
  description: `${description} Without \`starts_at\` the notice holds at once; without \`ends_at\` until it is cleared. Every server shows it within seconds, and the web app within its 60-second poll. A window that ends before it starts, or has already ended, is refused (422 \`maintenance.invalid_window\`).`,
  tags,
  auth: 'operator',
  body: ZSetMaintenance,
  response: ZMaintenanceOverview,
  problems: ['maintenance.invalid_window'],
});

export const clearMaintenance = defineEndpoint({
  method: 'DELETE',
  path: '/v1/operator/maintenance',
  summary: 'Clear the maintenance notice, in force or scheduled',
  description,
  tags,
  auth: 'operator',
  response: ZMaintenanceOverview,
});

const ZStaffParams = z.object({ email: z.string().trim().toLowerCase().email() });

export const addMaintenanceStaff = defineEndpoint({
  method: 'PUT',
  path: '/v1/operator/maintenance/staff/{email}',
  summary: 'Let a person of the installation pass a blocking maintenance notice',
  description: `${description} The person must have an account (404 \`maintenance.unknown_person\`); adding one twice changes nothing.`,
  tags,
  auth: 'operator',
  params: ZStaffParams,
  response: ZMaintenanceOverview,
  problems: ['maintenance.unknown_person'],
});

export const removeMaintenanceStaff = defineEndpoint({
  method: 'DELETE',
  path: '/v1/operator/maintenance/staff/{email}',
  summary: 'Stop letting a person pass a blocking maintenance notice',
  description: `${description} Removing someone who is not staff changes nothing.`,
  tags,
  auth: 'operator',
  params: ZStaffParams,
  response: ZMaintenanceOverview,
});

export const maintenanceEndpoints = {
  getMaintenance,
  setMaintenance,
  clearMaintenance,
  addMaintenanceStaff,
  removeMaintenanceStaff,
};
