// The sandboxes of a development or test installation, in place of the mail and SMS services
// (never in production): what would have been sent is kept and shown. They answer only clients
// on the machine that runs the server unless SANDBOX_ACCESS=anyone (403 `sandbox.forbidden`).
import { z } from 'zod';
import { ZFile, defineEndpoint } from './endpoint.js';

const tags = ['Sandbox'];
const reach =
  'Only when the sandbox is on (`sandbox_mail` of /api/config), and only to clients on the server machine unless SANDBOX_ACCESS=anyone.';

export const ZSandboxMail = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string().describe('the plain-text body, where links (confirmation, reset, signing) appear'),
  html: z.string().nullable(),
  createdAt: z.string(),
  attachments: z.array(z.object({ filename: z.string(), contentType: z.string(), size: z.number() })),
});

export const getSandboxMailJson = defineEndpoint({
  method: 'GET',
  path: '/sandbox/mail.json',
  summary: 'The sandbox mailbox as JSON: the latest 200 mails, newest first',
  description: `Every mail the installation would have sent (account confirmation, password reset, invitations to sign with their links, outcomes), newest first. A test or a client under development reads the links it needs from \`text\`. ${reach}`,
  tags,
  auth: 'none',
  response: z.object({ messages: z.array(ZSandboxMail) }),
  problems: ['sandbox.forbidden'],
});

export const getSandboxMailPage = defineEndpoint({
  method: 'GET',
  path: '/sandbox/mail',
  summary: 'The sandbox mailbox as a page for people',
  description: `The same mails as /sandbox/mail.json, with clickable links. ${reach}`,
  tags,
  auth: 'none',
  response: ZFile,
  file: { mediaTypes: ['text/html'], description: 'The page' },
  problems: ['sandbox.forbidden'],
});

export const getSandboxSmsJson = defineEndpoint({
  method: 'GET',
  path: '/sandbox/sms.json',
  summary: 'The sandbox SMS box as JSON: the latest text messages (signing codes), newest first',
  description: `The one-time codes a qualified signature asks for, as they would have been sent by SMS. ${reach}`,
  tags,
  auth: 'none',
  response: z.object({
    messages: z.array(
      z.object({ id: z.number().int(), to: z.string(), text: z.string(), createdAt: z.string() }),
    ),
  }),
  problems: ['sandbox.forbidden'],
});

export const getSandboxSmsPage = defineEndpoint({
  method: 'GET',
  path: '/sandbox/sms',
  summary: 'The sandbox SMS box as a page for people',
  description: `The same messages as /sandbox/sms.json. ${reach}`,
  tags,
  auth: 'none',
  response: ZFile,
  file: { mediaTypes: ['text/html'], description: 'The page' },
  problems: ['sandbox.forbidden'],
});

export const sandboxEndpoints = {
  getSandboxMailJson,
  getSandboxMailPage,
  getSandboxSmsJson,
  getSandboxSmsPage,
};
