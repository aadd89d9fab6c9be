// Every endpoint of the API in one object, for the server and the OpenAPI document. Kept in a
// module of its own: importing it pulls in every schema of the contract.
import { accountEndpoints } from './accounts.js';
import { visualSignatureEndpoints } from './visual-signatures.js';
import { documentEndpoints, signatureRequestEndpoints } from './signature-requests.js';
import { directEndpoints } from './direct.js';
import { sendtoEndpoints } from './sendto.js';
import { signatureProtocolEndpoints } from './signature-protocol.js';
import { systemEndpoints } from './system.js';
import { clientErrorEndpoints } from './client-errors.js';
import { identificationEndpoints } from './identification.js';
import { businessEndpoints } from './businesses.js';
import { businessActivityEndpoints } from './business-activity.js';
import { businessSurveyEndpoints } from './business-surveys.js';
import { relationshipSurveyEndpoints } from './relationship-survey.js';
import { groupEndpoints } from './groups.js';
import { sealEndpoints } from './seals.js';
import { apiUserEndpoints } from './api-users.js';
import { fileEndpoints } from './files.js';
import { trustEndpoints } from './trust.js';
import { sandboxEndpoints } from './sandbox.js';
import { billingEndpoints } from './billing.js';
import { paymentEndpoints } from './payments.js';
import { businessVerificationEndpoints, operatorEndpoints } from './business-verification.js';
import { maintenanceEndpoints } from './maintenance.js';
import { webhookEndpoints } from './webhooks.js';
import { embeddedSigningEndpoints } from './embedded-signing.js';
import { ssoEndpoints } from './sso.js';
import { scimEndpoints } from './scim.js';
import { eidEndpoints } from './eid.js';
import { mabEndpoints } from './mab.js';
import { swisscomEndpoints } from './swisscom.js';
import { mobileIdEndpoints } from './mobile-id.js';
import { part11Endpoints } from './part11.js';
import { directTanEndpoints } from './direct-tan.js';
import { verificationServiceEndpoints } from './verification-service.js';
import { templateEndpoints } from './templates.js';
import { templateDocumentEndpoints } from './template-documents.js';
import { bulkSendEndpoints } from './bulk-send.js';
import { verificationEndpoints } from './verification.js';
import { imageEndpoints } from './images.js';
import { mcpEndpoints } from './mcp.js';

/** Every endpoint of the API, keyed by a stable operation name. */
export const endpoints = {
  ...accountEndpoints,
  ...visualSignatureEndpoints,
  ...signatureRequestEndpoints,
  ...documentEndpoints,
  ...directEndpoints,
  ...sendtoEndpoints,
  ...signatureProtocolEndpoints,
  ...systemEndpoints,
  ...clientErrorEndpoints,
  ...identificationEndpoints,
  ...businessEndpoints,
  ...businessActivityEndpoints,
  ...businessSurveyEndpoints,
  ...relationshipSurveyEndpoints,
  ...groupEndpoints,
  ...sealEndpoints,
  ...apiUserEndpoints,
  ...fileEndpoints,
  ...trustEndpoints,
  ...sandboxEndpoints,
  ...billingEndpoints,
  ...paymentEndpoints,
  ...businessVerificationEndpoints,
  ...operatorEndpoints,
  ...maintenanceEndpoints,
  ...webhookEndpoints,
  ...embeddedSigningEndpoints,
  ...ssoEndpoints,
  ...scimEndpoints,
  ...eidEndpoints,
  ...mabEndpoints,
  ...swisscomEndpoints,
  ...mobileIdEndpoints,
  ...part11Endpoints,
  ...directTanEndpoints,
  ...verificationServiceEndpoints,
  ...templateEndpoints,
  ...templateDocumentEndpoints,
  ...bulkSendEndpoints,
  ...verificationEndpoints,
  ...imageEndpoints,
  ...mcpEndpoints,
};
export type EndpointName = keyof typeof endpoints;
