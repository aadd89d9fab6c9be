// Runs the migrations in order at start. Each migration gets the dialect so that the few places
// where SQLite and PostgreSQL differ (auto-increment keys, binary columns) are decided there.
import { Migrator } from 'kysely';
import type { Kysely, Migration, MigrationProvider } from 'kysely';
import type { DialectName, Db } from './database.js';
import { migration001Accounts } from './migrations/001-accounts.js';
import { migration002TrustObjects } from './migrations/002-trust-objects.js';
import { migration003SignatureRequests } from './migrations/003-signature-requests.js';
import { migration004VisualSignatures } from './migrations/004-visual-signatures.js';
import { migration005SignerDetails } from './migrations/005-signer-details.js';
import { migration006SandboxMailAttachments } from './migrations/006-sandbox-mail-attachments.js';
import { migration007Attachments } from './migrations/007-attachments.js';
import { migration008Sendto } from './migrations/008-sendto.js';
import { migration009SearchTerms } from './migrations/009-search-terms.js';
import { migration010MailOutbox } from './migrations/010-mail-outbox.js';
import { migration011Identification } from './migrations/011-identification.js';
import { migration012RequestExpiry } from './migrations/012-request-expiry.js';
import { migration013DirectIdentification } from './migrations/013-direct-identification.js';
import { migration014EventChainHead } from './migrations/014-event-chain-head.js';
import { migration015CompletionMail } from './migrations/015-completion-mail.js';
import { migration016Businesses } from './migrations/016-businesses.js';
import { migration017RequestFields } from './migrations/017-request-fields.js';
import { migration018LinkGrants } from './migrations/018-link-grants.js';
import { migration019BusinessLogos } from './migrations/019-business-logos.js';
import { migration020ProcessLiveness } from './migrations/020-process-liveness.js';
import { migration021SignerGroupsAndActivity } from './migrations/021-signer-groups-and-activity.js';
import { migration022Payments } from './migrations/022-payments.js';
import { migration023SealsAndApiUsers } from './migrations/023-seals-and-api-users.js';
import { migration024Invoices } from './migrations/024-invoices.js';
import { migration025Billing } from './migrations/025-billing.js';
import { migration026RequestStatusCounts } from './migrations/026-request-status-counts.js';
import { migration027GroupSigners } from './migrations/027-group-signers.js';
import { migration028LinkHolderImages } from './migrations/028-link-holder-images.js';
import { migration029SatisfactionSurveys } from './migrations/029-satisfaction-surveys.js';
import { migration030SandboxDns } from './migrations/030-sandbox-dns.js';
import { migration031BusinessAccounts } from './migrations/031-business-accounts.js';
import { migration032SandboxCscCredentials } from './migrations/032-sandbox-csc-credentials.js';
import { migration033BusinessEndings } from './migrations/033-business-endings.js';
import { migration034OrganisationVerification } from './migrations/034-organisation-verification.js';
import { migration035BusinessIdentity } from './migrations/035-business-identity.js';
import { migration036Webhooks } from './migrations/036-webhooks.js';
import { migration044Maintenance } from './migrations/044-maintenance.js';
import { migration049SandboxStepUp } from './migrations/049-sandbox-step-up.js';
import { migration038SingleSignOn } from './migrations/038-single-sign-on.js';
import { migration045EidAccounts } from './migrations/045-eid-accounts.js';
import { migration039MabSignatures } from './migrations/039-mab-signatures.js';
import { migration040OneTimeCodes } from './migrations/040-one-time-codes.js';
import { migration041TemplatesAndBulkSend } from './migrations/041-templates-and-bulk-send.js';
import { migration051ArchiveRenewal } from './migrations/051-archive-renewal.js';
import { migration054MobileId } from './migrations/054-mobile-id.js';
import { migration055MabCertificateSerial } from './migrations/055-mab-certificate-serial.js';
import { migration056RelationshipSurvey } from './migrations/056-relationship-survey.js';
import { migration057EidDisconnection } from './migrations/057-eid-disconnection.js';
import { migration050EmbeddedSigning } from './migrations/050-embedded-signing.js';
import { migration048SignerVerifications } from './migrations/048-signer-verifications.js';
import { migration046ScimProvisioning } from './migrations/046-scim-provisioning.js';
import { migration047WalletPresentations } from './migrations/047-wallet-presentations.js';

export type DialectMigration = (db: Kysely<unknown>, dialect: DialectName) => Promise<void>;

const migrations: Record<string, DialectMigration> = {
  '001-accounts': migration001Accounts,
  '002-trust-objects': migration002TrustObjects,
  '003-signature-requests': migration003SignatureRequests,
  '004-visual-signatures': migration004VisualSignatures,
  '005-signer-details': migration005SignerDetails,
  '006-sandbox-mail-attachments': migration006SandboxMailAttachments,
  '007-attachments': migration007Attachments,
  '008-sendto': migration008Sendto,
  '009-search-terms': migration009SearchTerms,
  '010-mail-outbox': migration010MailOutbox,
  '011-identification': migration011Identification,
  '012-request-expiry': migration012RequestExpiry,
  '013-direct-identification': migration013DirectIdentification,
  '014-event-chain-head': migration014EventChainHead,
  '015-completion-mail': migration015CompletionMail,
  '016-businesses': migration016Businesses,
  '017-request-fields': migration017RequestFields,
  '018-link-grants': migration018LinkGrants,
  '019-business-logos': migration019BusinessLogos,
  '020-process-liveness': migration020ProcessLiveness,
  '021-signer-groups-and-activity': migration021SignerGroupsAndActivity,
  '022-payments': migration022Payments,
  '023-seals-and-api-users': migration023SealsAndApiUsers,
  '024-invoices': migration024Invoices,
  '025-billing': migration025Billing,
  '026-request-status-counts': migration026RequestStatusCounts,
  '027-group-signers': migration027GroupSigners,
  '028-link-holder-images': migration028LinkHolderImages,
  '029-satisfaction-surveys': migration029SatisfactionSurveys,
  '030-sandbox-dns': migration030SandboxDns,
  '031-business-accounts': migration031BusinessAccounts,
  '032-sandbox-csc-credentials': migration032SandboxCscCredentials,
  '033-business-endings': migration033BusinessEndings,
  '034-organisation-verification': migration034OrganisationVerification,
  '035-business-identity': migration035BusinessIdentity,
  '036-webhooks': migration036Webhooks,
  '044-maintenance': migration044Maintenance,
  '038-single-sign-on': migration038SingleSignOn,
  '045-eid-accounts': migration045EidAccounts,
  '039-mab-signatures': migration039MabSignatures,
  '040-one-time-codes': migration040OneTimeCodes,
  '041-templates-and-bulk-send': migration041TemplatesAndBulkSend,
  '051-archive-renewal': migration051ArchiveRenewal,
  '054-mobile-id': migration054MobileId,
  '056-relationship-survey': migration056RelationshipSurvey,
  '057-eid-disconnection': migration057EidDisconnection,
  '050-embedded-signing': migration050EmbeddedSigning,
  '048-signer-verifications': migration048SignerVerifications,
  '046-scim-provisioning': migration046ScimProvisioning,
  '049-sandbox-step-up': migration049SandboxStepUp,
  '047-wallet-presentations': migration047WalletPresentations,
  '055-mab-certificate-serial': migration055MabCertificateSerial,
};

/** The names of the migrations this build knows, in the order they run. */
export const migrationNames = (): string[] => Object.keys(migrations).sort();

export class MigrationError extends Error {
  readonly code = 'db.migration_failed';
}

function migratorFor(db: Db): Migrator {
  const provider: MigrationProvider = {
    getMigrations: async () => {
      const out: Record<string, Migration> = {};
      for (const [name, up] of Object.entries(migrations)) {
        out[name] = { up: (k: Kysely<unknown>) => up(k, db.dialect) };
      }
      return out;
    },
  };
  return new Migrator({ db: db.kysely, provider });
}

/** Runs every migration not yet applied, or only those up to and including `until` (tests). */
export async function migrateToLatest(db: Db, until?: string): Promise<void> {
  const migrator = migratorFor(db);
  const { error } = await (until ? migrator.migrateTo(until) : migrator.migrateToLatest());
  if (error)
    throw new MigrationError(`Migration failed: ${error instanceof Error ? error.message : String(error)}`);
}

/**
 * The migrations this release knows that the database has not applied: none on a server that
 * started, unless the schema was rolled back or restored from an older backup under it.
 */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const known = await migratorFor(db).getMigrations();
  return known.filter((migration) => migration.executedAt === undefined).map((m) => m.name);
}
