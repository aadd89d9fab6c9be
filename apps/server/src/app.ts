// The application factory: everything the server is, without listening. Tests call buildApp()
// and use app.inject(); main.ts adds listen().
import fs from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import multipart from '@fastify/multipart';
import type { FastifyBaseLogger, FastifyInstance, RouteOptions } from 'fastify';
import { endpoints } from '@countersign/contract';
import { configurePdfLimits } from '@countersign/pdf';
import type { Config } from './config.js';
import { openDatabase, scheduleStatistics, type Db } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { installErrorHandling, sendProblem } from './http/errors.js';
import { buildOpenApiDocument, registerOpenApi } from './http/openapi.js';
import { isSpaRequest, registerSpa } from './http/spa.js';
import { frameAncestorsOfPage } from './modules/signature-requests/embedded/page-framing.js';
import { framedPagePolicy, registerSecurityHeaders } from './http/security-headers.js';
import { scriptOrigins } from './config-third-parties.js';
import { serializeRequest } from './http/log-redaction.js';
import { systemClock, type Clock } from './lib/clock.js';
import { createAccountsRepo } from './modules/accounts/repo.js';
import { createSessionAuthenticator, registerAccountRoutes } from './modules/accounts/routes.js';
import { isSsoRequired, registerSsoRoutes } from './modules/sso/index.js';
import { registerEidRoutes } from './modules/eid/index.js';
import { createSsoServices } from './sso-services.js';
import { createScimRepo, isAccountProvisionedBy, registerScimRoutes } from './modules/scim/index.js';
import { deprovisionMember, provisionMember } from './modules/businesses/provisioning.js';
import type { AccountsDeps } from './modules/accounts/service.js';
import { createThrottle } from './modules/accounts/throttle-repo.js';
import { createAccountFacts } from './account-facts.js';
import { createFailpoint } from './lib/failpoint.js';
import { registerSystemRoutes } from './modules/system/routes.js';
import { createMaintenanceReader, createMaintenanceRepo } from './modules/maintenance/index.js';
import { registerMaintenanceRoutes } from './modules/maintenance/routes.js';
import {
  createRelationshipSurveyRepo,
  registerRelationshipSurveyRoutes,
} from './modules/relationship-survey/index.js';
import type { BusinessDeps } from './modules/businesses/deps.js';
import { acceptInvitation } from './modules/businesses/invitations.js';
import { leaveOnAccountDeletion } from './modules/businesses/people.js';
import { createSurveyRepo } from './modules/businesses/surveys/repo.js';
import { createBusinessRepo } from './modules/businesses/repo.js';
import { createTenantResolver } from './modules/businesses/tenant-repo.js';
import { registerBusinessRoutes } from './modules/businesses/routes.js';
import { registerBillingRoutes } from './modules/billing/routes.js';
import { createGroupRepo } from './modules/groups/repo.js';
import { registerGroupRoutes } from './modules/groups/routes.js';
import { withApiUsers } from './modules/api-users/authenticate.js';
import { createApiUsersRepo } from './modules/api-users/repo.js';
import { registerApiUserRoutes } from './modules/api-users/routes.js';
import { registerSealRoutes } from './modules/seals/routes.js';
import type { BillingDeps } from './modules/billing/deps.js';
import { createPlanGate } from './modules/billing/enforcement.js';
import { createPaymentEventHandler } from './modules/billing/payment-events.js';
import { createBusinessBillingView } from './modules/billing/business-payload.js';
import { runBillingJobs, type BillingJobReport } from './modules/billing/billing-jobs.js';
import { scheduleBillingJobs } from './jobs/billing.js';
import { platformForDomain } from '@countersign/domain';
import { createActivityRepo } from './modules/business-activity/repo.js';
import { recordAccountEvents } from './modules/business-activity/record.js';
import { registerBusinessActivityRoutes } from './modules/business-activity/routes.js';
import { createVouchedNamesRepo } from './modules/business-activity/vouched-names-repo.js';
import { createVerificationRepo } from './modules/business-verification/repo.js';
import { registerVerificationRoutes } from './modules/business-verification/routes.js';
import { createDnsTxtResolver } from './providers/dns/txt-resolver.js';
import { createSandboxDnsZone } from './providers/dns/sandbox-txt-resolver.js';
import { registerSandboxDnsPages } from './modules/sandbox/dns-page.js';
import { registerTrustRoutes } from './modules/trust/routes.js';
import { registerTrustAnchorRoutes } from './modules/trust/anchor-routes.js';
import { registerPdfVerificationRoutes } from './modules/pdf-verification/index.js';
import { createSentryForwarder, registerClientErrorRoutes } from './modules/client-errors/index.js';
import { businessLogoSource, createRenderCache, registerImageRoutes } from './modules/images/index.js';
import { registerVisualSignatureRoutes } from './modules/visual-signatures/routes.js';
import { registerSignatureRequestRoutes } from './modules/signature-requests/routes.js';
import { withLinkHolders } from './modules/signature-requests/link-holder-auth.js';
import { resolveLink } from './modules/signature-requests/link-grants.js';
import { requireVisibleRequest } from './modules/signature-requests/index.js';
import { scheduleBlobSweep } from './jobs/sweep-blobs.js';
import { scheduleRequestExpiry } from './jobs/expire-requests.js';
import { scheduleCompletionMails } from './jobs/completion-mails.js';
import { scheduleFailedMailPurge } from './jobs/purge-failed-mails.js';
import { runBusinessHousekeeping, scheduleBusinessHousekeeping } from './jobs/business-housekeeping.js';
import { recoverBlobs, scheduleBlobRecovery, takeBack } from './jobs/recover-after-crash.js';
import { nodeName, startIncarnation } from './liveness/incarnation.js';
import { sendDueCompletionMails } from './modules/signature-requests/completion/completion-mail.js';
import { runRequestExpiry } from './modules/signature-requests/expiry/expire-requests.js';
import type { Mailer } from './providers/mail/mailer.js';
import type { Failpoint } from './lib/failpoint.js';
import { createBackgroundWorker } from './background/worker-client.js';
import type { PdfEngine } from './modules/signature-requests/pdf-engine.js';
import { createPdfPool } from './background/pdf-pool.js';
import { createSigningPool } from './background/signing-pool.js';
import { createRequestServices } from './request-services.js';
import { checkBlobStore, createBlobStoreProbe } from './storage/create-blob-store.js';
import { registerIdentificationRoutes } from './modules/identification/routes.js';
import { registerSandboxIdentificationPages } from './modules/sandbox/identification-page.js';
import { registerSandboxWalletPages } from './modules/sandbox/wallet-page.js';
import { registerSandboxMobileIdPages } from './modules/sandbox/mobile-id-page.js';
import { registerWalletRoutes } from './modules/wallet/index.js';
import { registerSandboxMailRoutes, registerSandboxSmsRoutes } from './modules/sandbox/routes.js';
import { restrictSandboxes } from './modules/sandbox/access.js';
import { createConfiguredPayments, type ConfiguredPayments } from './providers/payments/create-provider.js';
import type { PaymentEventHandler } from './modules/payments/receive-webhook.js';
import { createPaymentsRepo } from './modules/payments/repo.js';
import { PAYMENT_WEBHOOK_PATH, registerPaymentRoutes } from './modules/payments/routes.js';
import { registerSandboxPaymentPages } from './modules/payments/sandbox-pages.js';
import { registerInvoiceRoutes } from './modules/payments/invoice-routes.js';
import { SANDBOX_SIGNATURE_HEADER } from './providers/payments/sandbox/signature.js';
import { MULTIPART_LIMITS, refuseDeclaredOversize } from './http/upload-limit.js';
import { countPendingDeliveries } from './modules/webhooks/index.js';
import { createWebhookRepo } from './modules/webhooks/repo.js';
import { createMetrics, registerMetrics } from './operations/metrics.js';
import { countMailBacklog } from './operations/metrics-repo.js';
import { registerTracing, startTracing, tracedDatabase } from './operations/tracing.js';
import { createDeliveryRepo } from './modules/webhooks/delivery-repo.js';
import { registerWebhookRoutes } from './modules/webhooks/routes.js';
import { createAgentCalls, registerMcpRoutes } from './modules/mcp/index.js';
import { createTemplateRepo } from './modules/templates/repo.js';
import { registerTemplateRoutes } from './modules/templates/routes.js';
import {
  createRequestFromTemplate,
  drawTemplatePage,
  readDraftForTemplate,
  receiveTemplateDocuments,
  sendFromTemplate,
} from './modules/signature-requests/index.js';
import { createBulkSendRepo } from './modules/bulk-send/repo.js';
import { registerBulkSendRoutes } from './modules/bulk-send/routes.js';
import { runBulkSend, runDueBulkSends, type RunDeps } from './modules/bulk-send/index.js';
import { scheduleBulkSends } from './jobs/bulk-sends.js';
import { scheduleArchiveRenewal } from './jobs/renew-archives.js';
import { runArchiveRenewal } from './modules/signature-requests/archive-renewal/renew-archives.js';
import type { ArchiveRenewalReport } from './modules/signature-requests/archive-renewal/renew-archives.js';
import { findPeople } from './modules/accounts/index.js';
import type {
  DrawTemplatePage,
  MakeRequestFromTemplate,
  ReceiveTemplateDocuments,
  TemplateCaller,
} from './modules/templates/index.js';
import { deliverDueWebhooks, type WebhookDeliveryDeps } from './modules/webhooks/deliver.js';
import { scheduleWebhookDeliveries } from './jobs/webhook-deliveries.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The configured payment provider (ADR 050), for billing's use cases and tests. */
    payments: ConfiguredPayments;
    /** The background jobs, for tests that run them at a clock of their choosing. */
    jobs: {
      /** trials, grace periods and renewals due at the app's clock (billing) */
      billing(): Promise<BillingJobReport>;
      expireRequests(): Promise<{ expired: number; reminded: number }>;
      sendCompletionMails(): Promise<number>;
      /** running bulk sends no live worker holds (ADR 080); how many finished */
      bulkSends(): Promise<number>;
      /** completed documents whose archive time-stamp is due for renewal at the app's clock (ADR 089) */
      renewArchives(): Promise<ArchiveRenewalReport>;
      recoverBlobs(): Promise<{ writers: number; files: number; removed: number }>;
      businessHousekeeping(): Promise<{
        deletedBusinesses: number;
        deletedRequests: number;
        expiredDomainClaims: number;
      }>;
      /** the sandbox payment provider's webhook events that are due (ADR 050) */
      deliverPaymentWebhooks(): Promise<{ delivered: number; refused: number }>;
      /** the integrators' webhook deliveries that are due at the app's clock (ADR 069) */
      deliverWebhooks(): Promise<{ delivered: number; failed: number; disabled: number }>;
    };
  }
}

export interface AppOverrides {
  clock?: Clock;
  mailer?: Mailer;
  db?: Db;
  logger?: boolean;
  /** Where logs go instead of stdout (tests read them). */
  logStream?: NodeJS.WritableStream;
  /** Tests that hold a use case at a failpoint in this process, or fail it there. */
  failpoint?: Failpoint;
  /** Told of every route as it is registered (a test compares them with the OpenAPI document). */
  onRoute?: (route: RouteOptions) => void;
  /** Tests that watch what the serving thread hands to the PDF engine. */
  pdf?: PdfEngine;
  /** Tests that watch the payment events the webhook route applies. */
  onPaymentEvent?: PaymentEventHandler;
}

export async function buildApp(config: Config, overrides: AppOverrides = {}): Promise<FastifyInstance> {
  fs.mkdirSync(config.dataDir, { recursive: true });
  configurePdfLimits(config.pdfLimits);
  // a bucket that does not answer stops the start, before anything is written (ADR 071)
  await checkBlobStore(config);
  // the pool may report a lost connection (ADR 081), told once the app's log exists
  const told: { log?: FastifyBaseLogger } = {};
  const opened =
    overrides.db ??
    openDatabase({
      databaseUrl: config.databaseUrl,
      sqliteFile: path.join(config.dataDir, 'countersign.db'),
      onIdleConnectionLost: (err) => told.log?.warn({ err }, 'the database ended an idle connection'),
    });
  // traces only when a collector is configured (ADR 081): otherwise nothing is set up
  const tracing = config.otlpEndpoint ? startTracing(config.otlpEndpoint) : undefined;
  const db = tracing ? tracedDatabase(opened, tracing) : opened;
  await migrateToLatest(db);
  const clock = overrides.clock ?? systemClock;

  const app = Fastify({
    logger:
      overrides.logger === false
        ? false
        : {
            level: config.logLevel,
            // Secrets never reach the logs: see http/log-redaction.ts.
            serializers: { req: serializeRequest },
            ...(overrides.logStream && { stream: overrides.logStream }),
          },
    bodyLimit: 1024 * 1024,
    // TRUST_PROXY=true believes the nearest proxy only: the X-Forwarded-For entry it added is the
    // client, and whatever a client wrote further left is ignored (trusting every hop, Fastify's
    // `true`, would let anyone claim to be 127.0.0.1).
    trustProxy: config.trustProxy === true ? (_address: string, hop: number) => hop === 0 : config.trustProxy,
  });
  told.log = app.log;
  if (tracing) registerTracing(app, tracing);
  if (overrides.onRoute) app.addHook('onRoute', overrides.onRoute);
  // This process's incarnation (ADR 046): its locks, claims and leases stand while it beats.
  // What its earlier incarnations on this node held when they died is taken back right away.
  const { incarnation, previous } = await startIncarnation(db.kysely, {
    node: nodeName(config.dataDir),
    heartbeatMs: config.heartbeatMs,
    log: app.log,
  });
  const takenBack = await takeBack(db.kysely, previous, clock.now());
  if (previous.length > 0) app.log.info({ previous, takenBack }, 'took back what the previous process held');
  installErrorHandling(app);
  await registerSecurityHeaders(app, scriptOrigins(config.thirdParties));
  restrictSandboxes(app, { access: config.sandboxAccess, trustsProxy: config.trustProxy !== false });
  // Uploads (PDFs, signature images) arrive as multipart; each route reads its own parts.
  await app.register(multipart, { limits: { fileSize: config.maxUploadBytes, ...MULTIPART_LIMITS } });
  refuseDeclaredOversize(app, config.maxUploadBytes);

  // Completion mails are composed in a worker thread when the configuration says so (ADR 028).
  // A worker thread that dies while this process lives on frees what it held at once (ADR 046).
  const backgroundWorker =
    config.backgroundWorker && !overrides.mailer
      ? createBackgroundWorker(config, incarnation, app.log, async (holder) => {
          await holder.end();
          const freed = await takeBack(db.kysely, [holder.id], clock.now());
          const files = await recoverBlobs(db.kysely, blobs, incarnation, new Date(), requestsDeps.cacheDir);
          app.log.warn({ holder: holder.id, freed, files }, 'a worker thread ended; freed what it held');
        })
      : undefined;
  backgroundWorker?.start();
  // Signatures with our own keys are made on signing threads (ADR 029). Those threads keep the
  // system clock, so a test that brings its own clock signs on this thread.
  const signingPool =
    config.signingThreads > 0 && !overrides.clock
      ? createSigningPool(config, config.signingThreads, app.log, incarnation.id)
      : undefined;
  signingPool?.start();
  // Documents from strangers are read on PDF threads, each under a heap ceiling and a deadline (ADR 043).
  const pdfPool = config.pdfThreads > 0 ? createPdfPool(config, config.pdfThreads, app.log) : undefined;
  pdfPool?.start();
  // what Prometheus reads at /metrics (ADR 081)
  const metrics = createMetrics({
    poolDepths: {
      ...(signingPool && { signing: signingPool.depth }),
      ...(pdfPool && { pdf: pdfPool.depth }),
    },
    outboxBacklog: async () => ({
      mail: await countMailBacklog(db.kysely),
      webhooks: await countPendingDeliveries(db.kysely),
    }),
    log: app.log,
  });
  registerMetrics(app, metrics, { token: config.metricsToken, trustsProxy: config.trustProxy !== false });
  // Modules are built in the order they depend on each other, each handed what it needs when it
  // is made (ADR 068): billing before those it limits, businesses before accounts, which ask it.
  const failpoint = overrides.failpoint ?? createFailpoint(config.failpoint);
  // the business a call acts for, with its status, read once where the call is authenticated (ADR 061)
  const tenants = createTenantResolver(db.kysely);
  const throttle = createThrottle(db.kysely, () => clock.now());
  // Payments (ADR 050): the sandbox POSTs its signed events to our own webhook route.
  const payments = createConfiguredPayments({
    config,
    db: db.kysely,
    clock,
    log: app.log,
    send: () => async (body, signature) =>
      (
        await app.inject({
          method: 'POST',
          url: `${PAYMENT_WEBHOOK_PATH}/sandbox`,
          headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signature },
          payload: body,
        })
      ).statusCode,
  });
  const billingDeps: BillingDeps = {
    db: db.kysely,
    clock,
    provider: payments.provider,
    publicUrl: config.publicUrl,
    platform: platformForDomain(new URL(config.publicUrl).hostname),
    log: app.log,
    tenants,
    throttle,
    failpoint,
  };
  // what plans allow is enforced where requests are made, sent and signed, and people invited
  const planGate = createPlanGate(billingDeps);
  const { blobs, mailer, trust, sandboxes, wallet, requestsDeps } = createRequestServices(config, db, {
    clock,
    log: app.log,
    mailer: overrides.mailer,
    failpoint,
    liveness: incarnation,
    completionMailer: backgroundWorker,
    localSigning: signingPool,
    pdf: overrides.pdf ?? pdfPool,
    plans: planGate,
    onSigned: metrics.signed,
  });

  // the sandbox DNS zone stands in for real DNS outside production (ADR 042)
  const dnsZone = config.dns.sandbox ? createSandboxDnsZone(db.kysely, () => clock.now()) : undefined;
  const businessDeps: BusinessDeps = {
    db: db.kysely,
    repo: createBusinessRepo(db.kysely, failpoint),
    surveys: createSurveyRepo(db.kysely),
    mailer,
    clock,
    publicUrl: config.publicUrl,
    txt: dnsZone?.resolver ?? createDnsTxtResolver(config.dns.sandbox ? [] : config.dns.servers),
    deletionNoticeDays: config.businessDeletionDays,
    throttle,
    invitationsPerBusinessHour: config.invitationsPerBusinessHour,
    domainClaimDays: config.domainClaimDays,
    log: app.log,
    plans: planGate,
    billing: createBusinessBillingView(billingDeps),
    recordAccountEvents: (...event) => recordAccountEvents(db.kysely, ...event),
  };
  const relationshipSurveys = createRelationshipSurveyRepo(db.kysely);
  const accountsDeps: AccountsDeps = {
    repo: createAccountsRepo(db.kysely, createAccountFacts(db.kysely)),
    tenants,
    mailer,
    throttle,
    registrationsPerIpHour: config.registrationsPerIpHour,
    clock,
    publicUrl: config.publicUrl,
    log: app.log,
    acceptBusinessInvite: (principal, inviteId) => acceptInvitation(businessDeps, principal, { inviteId }),
    leaveBusiness: async (userId) => {
      await leaveOnAccountDeletion(businessDeps, userId);
      // what they answered in the relationship survey goes with them, comments included (ADR 108)
      await relationshipSurveys.deleteAnswersOf(userId);
    },
    ssoRequired: (userId) => isSsoRequired(sso.deps, userId),
  };
  const scimRepo = createScimRepo(db.kysely);
  const sso = await createSsoServices(config, db, {
    accounts: accountsDeps,
    businesses: businessDeps.repo,
    joinBusiness: (principal, businessId) => acceptInvitation(businessDeps, principal, { businessId }),
    provisionedBy: (userId, businessId) => isAccountProvisionedBy({ repo: scimRepo }, userId, businessId),
    clock,
    log: app.log,
  });
  const apiUsers = createApiUsersRepo(db.kysely);
  // the API calls an agent makes through the MCP server, whose events say so (ADR 095)
  const agentCalls = createAgentCalls();
  // Every caller is resolved here, once per call (ADR 061): a link holder from the link's token,
  // an API user from Basic credentials, a person from the Bearer session.
  const authenticate = withLinkHolders(
    (token) => resolveLink(requestsDeps, token),
    withApiUsers(
      {
        apiUsers,
        throttle,
        callsPerMinute: config.apiUserCallsPerMinute,
        tenants,
        isAgentCall: agentCalls.isAgentCall,
      },
      createSessionAuthenticator(accountsDeps),
    ),
  );

  await registerOpenApi(app, buildOpenApiDocument(endpoints, config.publicUrl));
  const maintenanceRepo = createMaintenanceRepo(db.kysely);
  // the environment's notice (MAINTENANCE) holds while the operator has set none in the database
  const envNotice =
    config.maintenance.mode === 'off'
      ? null
      : {
          isBlocking: config.maintenance.mode === 'blocking',
          ...(config.maintenance.url && { url: config.maintenance.url }),
        };
  const maintenance = createMaintenanceReader({ maintenance: maintenanceRepo, clock }, envNotice);
  // whether a load balancer should send this server traffic (ADR 081)
  const blobProbe = createBlobStoreProbe(config);
  registerSystemRoutes(app, config, db, { checkBlobStore: blobProbe.check, maintenance, authenticate });
  registerClientErrorRoutes(app, {
    throttle,
    log: app.log,
    reportsPerIpMinute: config.clientErrorsPerIpMinute,
    forward:
      config.sentryDsn === undefined
        ? undefined
        : createSentryForwarder({
            dsn: config.sentryDsn,
            environment: config.environment,
            now: () => clock.now(),
          }),
  });
  registerImageRoutes(app, {
    sources: [businessLogoSource((name) => businessDeps.repo.findLogo(name))],
    publicUrl: config.publicUrl,
    throttle,
    rendersPerIpMinute: config.imageRendersPerIpMinute,
    cache: createRenderCache(32 * 1024 * 1024),
  });
  registerMaintenanceRoutes(
    app,
    { db: db.kysely, maintenance: maintenanceRepo, clock, onChange: maintenance.forget },
    config.operatorApiToken,
  );
  registerRelationshipSurveyRoutes(
    app,
    { db: db.kysely, surveys: relationshipSurveys, clock },
    authenticate,
    config.operatorApiToken,
  );
  registerAccountRoutes(app, accountsDeps, authenticate);
  registerSsoRoutes(app, sso.deps, authenticate);
  await registerScimRoutes(
    app,
    {
      repo: scimRepo,
      accounts: accountsDeps,
      businesses: businessDeps.repo,
      provision: (businessId, person) => provisionMember(businessDeps, businessId, person),
      deprovision: (businessId, person) => deprovisionMember(businessDeps, businessId, person),
      clock,
      publicUrl: config.publicUrl,
    },
    authenticate,
    tenants,
  );
  registerEidRoutes(
    app,
    { flow: sso.deps, accounts: sso.deps.accounts, db: db.kysely, clock, publicUrl: config.publicUrl },
    authenticate,
  );
  registerBusinessRoutes(app, businessDeps, authenticate);
  registerBillingRoutes(app, billingDeps, authenticate);
  registerGroupRoutes(
    app,
    { groups: createGroupRepo(db.kysely), businesses: businessDeps.repo, clock },
    authenticate,
  );
  registerApiUserRoutes(
    app,
    {
      apiUsers,
      clock,
      businessName: async (id) => (await businessDeps.repo.findBusiness(id))?.name,
    },
    authenticate,
  );
  registerSealRoutes(
    app,
    {
      seals: requestsDeps.seals,
      businesses: businessDeps.repo,
      trust: requestsDeps.trust,
      remoteSigning: requestsDeps.remoteSigning,
      clock,
    },
    authenticate,
  );
  const activity = createActivityRepo(db.kysely, db.copyOut);
  registerBusinessActivityRoutes(
    app,
    { activity, businesses: businessDeps.repo, vouchedNames: createVouchedNamesRepo(db.kysely), clock },
    authenticate,
  );
  registerVerificationRoutes(
    app,
    { verifications: createVerificationRepo(db.kysely), aes4biz: activity, clock },
    authenticate,
    config.operatorApiToken,
  );
  registerVisualSignatureRoutes(app, { db: db.kysely, clock, publicUrl: config.publicUrl }, authenticate);
  // Tests run the sweep themselves; a serving process sweeps in the background.
  const stopSweep = config.backgroundJobs ? scheduleBlobSweep(db.kysely, blobs, app.log) : () => undefined;
  // What dead processes' writes left on disk goes right after start, not hours later (ADR 046).
  const stopBlobRecovery = config.backgroundJobs
    ? scheduleBlobRecovery(db.kysely, blobs, incarnation, app.log, requestsDeps.cacheDir)
    : () => undefined;
  // SQLite has no background analyser: the planner's statistics are refreshed at start and hourly.
  const stopStatistics = scheduleStatistics(db, 3_600_000, (err) =>
    app.log.warn({ err }, 'refreshing the query planner statistics failed'),
  );
  registerTrustRoutes(app, trust);
  registerTrustAnchorRoutes(app, trust);
  // the public verifier reads a stranger's file on the PDF engine, as an upload is (ADR 079)
  registerPdfVerificationRoutes(
    app,
    {
      validate: (bytes, options) => requestsDeps.pdf.validate(bytes, options),
      trustAnchors: async () => [(await trust()).rootCertificate()],
      throttle,
      clock,
      verificationsPerIpHour: config.verificationsPerIpHour,
      maxUploadBytes: config.maxUploadBytes,
    },
    authenticate,
  );
  registerIdentificationRoutes(
    app,
    {
      db: db.kysely,
      clock,
      providers: requestsDeps.identificationProviders,
      requireVisibleRequest: (person, requestId) => requireVisibleRequest(db.kysely, person, requestId),
    },
    authenticate,
  );
  registerWalletRoutes(app, wallet?.deps, authenticate);
  registerSignatureRequestRoutes(app, requestsDeps, authenticate);
  // Templates sit below signature-requests (ADR 080): they are handed the reading of a draft and
  // the making of a request, which are signature-requests' own use cases.
  const receiveDocuments: ReceiveTemplateDocuments = (request, count, use) =>
    receiveTemplateDocuments(requestsDeps, request, count, use);
  const templateDeps = {
    templates: createTemplateRepo(db.kysely),
    clock,
    readDraft: (caller: TemplateCaller, id: string) => readDraftForTemplate(requestsDeps, caller, id),
    makeRequest: (...args: Parameters<MakeRequestFromTemplate>) =>
      createRequestFromTemplate(requestsDeps, ...args),
    emailOf: async (ids: readonly string[]) =>
      new Map((await findPeople(db.kysely, ids, { includeDeleted: true })).map((p) => [p.id, p.email])),
    // documents uploaded into a template are received, checked and drawn as a draft's (ADR 100)
    receiveDocuments,
    drawPage: (...args: Parameters<DrawTemplatePage>) => drawTemplatePage(requestsDeps, ...args),
  };
  registerTemplateRoutes(app, templateDeps, authenticate);
  // Bulk send (ADR 080): rows sent in the background as the requests above, each once.
  const bulkRunDeps: RunDeps = {
    bulkSends: createBulkSendRepo(db.kysely),
    clock,
    log: app.log,
    leaseMs: 60_000,
    failpoint,
    sender: {
      makeDraft: async (person, template, use, alongside) =>
        (await createRequestFromTemplate(requestsDeps, person, template, use, false, alongside))
          .signatureRequestId,
      send: (person, id, reminderDays) => sendFromTemplate(requestsDeps, person, id, reminderDays),
      emailOf: async (id) => (await findPeople(db.kysely, [id]))[0]?.email,
    },
  };
  registerBulkSendRoutes(
    app,
    {
      templates: templateDeps.templates,
      bulkSends: bulkRunDeps.bulkSends,
      clock,
      plans: planGate,
      // a serving process starts at once; tests run the job themselves (app.jobs.bulkSends)
      kick: config.backgroundJobs
        ? (id) =>
            void runBulkSend(bulkRunDeps, id).catch((err: unknown) =>
              app.log.error({ err, bulkSendId: id }, 'a bulk send stopped'),
            )
        : () => undefined,
    },
    authenticate,
  );
  registerPaymentRoutes(
    app,
    {
      repo: createPaymentsRepo(db.kysely),
      clock,
      provider: payments.provider,
      // billing applies what the provider tells (ADR 050); a test may watch the events instead
      onPaymentEvent:
        overrides.onPaymentEvent ?? createPaymentEventHandler({ clock, platform: billingDeps.platform }),
    },
    authenticate,
  );
  app.decorate('payments', payments);
  registerInvoiceRoutes(app, { db: db.kysely, clock, trust }, authenticate);
  const webhookDeps: WebhookDeliveryDeps = {
    endpoints: createWebhookRepo(db.kysely),
    deliveries: createDeliveryRepo(db.kysely),
    clock,
    mailer,
    publicUrl: config.publicUrl,
    log: app.log,
    settings: config.webhooks,
  };
  registerWebhookRoutes(app, webhookDeps, authenticate);
  // Agent access (ADR 095): an MCP server whose tools call the API above as the API user.
  registerMcpRoutes(app, { agentCalls, maxUploadBytes: config.maxUploadBytes }, authenticate);
  if (payments.sandbox) registerSandboxPaymentPages(app, payments.sandbox, config.publicUrl);
  // Request expiry (ADR 023): a serving process runs it every minute; tests run it through
  // app.jobs with their own clock.
  const expiryOptions = { skipLocked: db.dialect === 'postgres' };
  const isTest = !config.backgroundJobs;
  const stopExpiry = isTest ? () => undefined : scheduleRequestExpiry(requestsDeps, expiryOptions, app.log);
  // Completion mails a dead process left due (ADR 027); the completing process sends its own.
  // The first run comes a second after start: what the previous incarnation owed goes out then.
  const stopCompletionMails = isTest
    ? () => undefined
    : scheduleCompletionMails(requestsDeps, app.log, undefined, 1_000);
  // Mails that failed for good are kept MAIL_FAILED_KEEP_DAYS for an operator, then purged.
  const stopFailedMailPurge = isTest
    ? () => undefined
    : scheduleFailedMailPurge(db.kysely, config.mailFailedKeepDays, app.log);
  const housekeepingDays = { retention: config.businessRetentionDays, domainClaim: config.domainClaimDays };
  const stopBusinessHousekeeping = isTest
    ? () => undefined
    : scheduleBusinessHousekeeping(businessDeps.repo, requestsDeps, housekeepingDays, app.log);
  const stopBillingJobs = isTest ? () => undefined : scheduleBillingJobs(billingDeps, app.log);
  const stopWebhooks = isTest ? () => undefined : scheduleWebhookDeliveries(webhookDeps, app.log);
  const stopBulkSends = isTest ? () => undefined : scheduleBulkSends(bulkRunDeps, app.log);
  // Archive renewal (ADR 089): hourly, one document at a time, under the documents' locks.
  const archiveOptions = { marginMs: config.archiveRenewalMarginDays * 86_400_000 };
  const stopArchiveRenewal = isTest
    ? () => undefined
    : scheduleArchiveRenewal(requestsDeps, archiveOptions, app.log);
  app.decorate('jobs', {
    billing: () => runBillingJobs(billingDeps),
    recoverBlobs: () => recoverBlobs(db.kysely, blobs, incarnation, new Date(), requestsDeps.cacheDir),
    businessHousekeeping: () => runBusinessHousekeeping(businessDeps.repo, requestsDeps, housekeepingDays),
    expireRequests: () => runRequestExpiry(requestsDeps, expiryOptions),
    sendCompletionMails: () => sendDueCompletionMails(requestsDeps),
    deliverPaymentWebhooks: () => payments.deliverWebhooks(),
    deliverWebhooks: () => deliverDueWebhooks(webhookDeps),
    bulkSends: () => runDueBulkSends(bulkRunDeps),
    renewArchives: () => runArchiveRenewal(requestsDeps, archiveOptions),
  });
  if (config.sandboxMail) registerSandboxMailRoutes(app, db.kysely);
  if (dnsZone) registerSandboxDnsPages(app, dnsZone);
  if (sandboxes) {
    registerSandboxSmsRoutes(app, db.kysely);
    registerSandboxIdentificationPages(app, db.kysely, sandboxes.identification, config.publicUrl);
    registerSandboxMobileIdPages(app, sandboxes.mobileId);
  }
  if (wallet?.sandboxIssuer) registerSandboxWalletPages(app, wallet.sandboxIssuer, clock);

  const sendIndex = await registerSpa(app, config.webDistDir);
  app.setNotFoundHandler(async (request, reply) => {
    if (sendIndex && isSpaRequest(request)) {
      const frameAncestors = await frameAncestorsOfPage(requestsDeps, request.url);
      if (frameAncestors) {
        reply.header(
          'content-security-policy',
          framedPagePolicy(frameAncestors, scriptOrigins(config.thirdParties)),
        );
        reply.removeHeader('x-frame-options');
      }
      return sendIndex(request, reply);
    }
    return sendProblem(
      reply,
      'route.not_found',
      `No route for ${request.method} ${request.url.split('?')[0]}`,
    );
  });

  app.addHook('onClose', async () => {
    stopSweep();
    stopBlobRecovery();
    stopExpiry();
    stopArchiveRenewal();
    stopCompletionMails();
    stopFailedMailPurge();
    stopBusinessHousekeeping();
    stopBillingJobs();
    stopWebhooks();
    stopBulkSends();
    stopStatistics();
    payments.stop();
    blobProbe.close();
    await backgroundWorker?.close();
    await signingPool?.close();
    await pdfPool?.close();
    await mailer.close();
    await incarnation.stop();
    await tracing?.shutdown();
    await sso.close();
    if (!overrides.db) await db.close();
  });
  return app;
}
