import { randomUUID } from 'node:crypto';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import type { Clock } from './clock.ts';
import {
  answerFrameworkErrors,
  registerErrorHandling,
  type ErrorPages,
} from './http/error-handler.ts';
import { registerUnstorableTextGuard } from './http/refuse-unstorable-text.ts';
import { registerCompression } from './http/compression.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { registerWebApp } from './http/web-app.ts';
import { logRequestsOnOneLine, terminalLogStream } from './http/terminal-log.ts';
import { logSerializers } from './http/log-serializers.ts';
import { logRequestsAsJson } from './http/request-log.ts';
import { healthRoutes, type Lifecycle } from './health/health-routes.ts';
import { registerDrainingGuard } from './health/refuse-while-draining.ts';
import { isClientPage, sendServiceUnavailable } from './health/service-unavailable.ts';
import { unavailablePageHtml } from './client-links/unavailable-page.ts';
import { registerAuthHooks } from './auth/auth-hooks.ts';
import { registerRequestAddress } from './http/request-address.ts';
import { authRoutes } from './auth/auth-routes.ts';
import { apiTokenRoutes } from './api-tokens/api-token-routes.ts';
import { apiDescription, apiSecuritySchemes, describeTokenRoutes } from './api-tokens/api-docs.ts';
import { createGoogleSignIn } from './auth/google.ts';
import type { MailTransport } from './mail/mailer.ts';
import { notifyAdminRoutes } from './notifications/notify-admin-routes.ts';
import { adminNotificationsRoutes } from './notifications/admin-notifications-routes.ts';
import { adminUsersRoutes } from './users/admin-users-routes.ts';
import { invitationRoutes } from './users/invitation-routes.ts';
import { profileRoutes } from './users/profile-routes.ts';
import { alertRoutes } from './alerts/alert-routes.ts';
import { outboxRoutes } from './outbox/outbox-routes.ts';
import { mailTemplateRoutes } from './outbox/mail-template-routes.ts';
import { pictureRoutes } from './decks/picture-routes.ts';
import { uploadRoutes } from './uploads/upload-routes.ts';
import type { Services, ServicesDeckRenderer } from './services.ts';
import type { ObjectStore } from './storage/object-store.ts';
import { buildServices } from './build-services.ts';
import type { PictureDecoder } from './uploads/normalise-picture.ts';
import { startServerJobs } from './server-jobs.ts';
import { seedLibrary } from './library/library-versions.ts';
import { seedPriceBook } from './price-book/price-book.ts';
import { priceBookRoutes } from './price-book/price-book-routes.ts';
import { seedMarkets } from './markets/market-store.ts';
import { marketRoutes } from './markets/market-routes.ts';
import { auditRoutes } from './audit/audit-routes.ts';
import { libraryRoutes } from './library/library-routes.ts';
import type { JobWorker } from './jobs/job-worker.ts';
import { editorRoutes } from './deck-edits/editor-routes.ts';
import { editedFileRoutes } from './deck-edits/edited-file-routes.ts';
import { deckRoutes } from './decks/deck-routes.ts';
import { generationRoutes } from './decks/generation-routes.ts';
import { templateRoutes } from './templates/template-routes.ts';
import { portalConfigRoutes } from './portal-config/portal-config-routes.ts';
import { clientLinkRoutes } from './client-links/client-link-routes.ts';
import { clientViewRoutes } from './client-links/client-view-routes.ts';
import { userNotificationsRoutes } from './notifications/user-notifications-routes.ts';
import { dealDeskRoutes } from './deal-desk/deal-desk-routes.ts';
import { approvalRoutes } from './deal-desk/approval-routes.ts';
import { proposalResponseRoutes } from './proposals/proposal-response-routes.ts';
import { engagementReportRoutes } from './engagement-reports/engagement-report-routes.ts';
import { engagementRoutes } from './engagement/engagement-routes.ts';
import { webhookRoutes } from './webhooks/webhook-routes.ts';

export type AppDeps = {
  config: Config;
  database: Database;
  clock?: Clock;
  /** Folder of the built web app; when absent only the API is served. */
  webRoot?: string;
  /** Replaces the transport chosen from the configuration (SMTP or the outbox). */
  mailTransport?: MailTransport;
  /** Replaces the worker pool that renders decks. */
  deckRenderer?: ServicesDeckRenderer;
  /** Where uploaded pictures are decoded; this process when absent. */
  pictureDecoder?: PictureDecoder;
  /** Replaces the object store `STORAGE` names (closed with the app). */
  objectStore?: ObjectStore;
  /** Pino logger options; tests pass false. */
  logger?: boolean | { level: string };
};

export type App = FastifyInstance & {
  lifecycle: Lifecycle;
  services: Services;
  /** This process's job worker; undefined when JOB_WORKERS is 0. */
  jobs: JobWorker | undefined;
};

export const bodyLimitBytes = 1024 * 1024;

/** A client link's page (`/v/{token}`) is opened by a person: its errors are pages too. */
const errorPages: ErrorPages = {
  isBrowserPage: isClientPage,
  // A person who opened a damaged client link gets the same page as for any refused link.
  notFoundHtml: unavailablePageHtml,
  sendServiceUnavailable,
};

/** Builds the whole HTTP application from its dependencies; listening is main.ts's job. */
export async function buildApp(deps: AppDeps): Promise<App> {
  const lifecycle: Lifecycle = {
    isShuttingDown: false,
    inFlight: 0,
    draining: new AbortController(),
  };
  const isPretty = deps.logger !== false && deps.config.logFormat === 'pretty';
  const app = Fastify({
    logger:
      deps.logger === false
        ? false
        : {
            level: typeof deps.logger === 'object' ? deps.logger.level : deps.config.logLevel,
            serializers: logSerializers,
            ...(isPretty ? { stream: terminalLogStream() } : {}),
          },
    // Each request is logged once, when answered (request-log.ts): Fastify's own two lines
    // ("incoming request", "request completed") would double the log.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: bodyLimitBytes,
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    trustProxy: deps.config.trustProxy,
    // The draining guard answers 503 in the API's own shape from the signal on; Fastify's
    // built-in 503 would only start once the server closes, in another shape.
    return503OnClosing: false,
    frameworkErrors: answerFrameworkErrors(errorPages),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Counted once per request, whether it ends with a response or with the client going away.
  const inFlight = new Set<string>();
  const settle = (id: string) => {
    if (inFlight.delete(id)) lifecycle.inFlight = inFlight.size;
  };
  app.addHook('onRequest', async (request, reply) => {
    inFlight.add(request.id);
    lifecycle.inFlight = inFlight.size;
    reply.header('x-request-id', request.id);
  });
  registerRequestAddress(app);
  app.addHook('onResponse', async (request) => settle(request.id));
  app.addHook('onRequestAbort', async (request) => settle(request.id));
  if (isPretty) logRequestsOnOneLine(app);
  else logRequestsAsJson(app);
  registerDrainingGuard(app, lifecycle);

  registerErrorHandling(app, errorPages);
  registerUnstorableTextGuard(app);
  await registerCompression(app);
  registerSecurityHeaders(app, {
    isHttps: deps.config.publicUrl.startsWith('https://'),
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: `${deps.config.productName} API`,
        version: '0.1.0',
        description: apiDescription(deps.config),
      },
      components: { securitySchemes: apiSecuritySchemes },
    },
    transform: jsonSchemaTransform,
  });
  describeTokenRoutes(app);
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  const services = buildServices({ ...deps, log: app.log, isPretty });
  // A first start stores the built-in content library as its version 1, and the price book.
  await seedLibrary(services.db);
  await seedPriceBook(services.db);
  await seedMarkets(services.db);

  await registerAuthHooks(app, services);
  await app.register(healthRoutes, { database: deps.database, lifecycle });
  await app.register(portalConfigRoutes, { config: deps.config });
  await app.register(authRoutes, { services, google: createGoogleSignIn(services) });
  await app.register(notifyAdminRoutes, { services });
  await app.register(templateRoutes, { services });
  await app.register(libraryRoutes, { services });
  await app.register(priceBookRoutes, { services });
  await app.register(marketRoutes, { services });
  await app.register(generationRoutes, { services, draining: lifecycle.draining.signal });
  await app.register(deckRoutes, { services });
  await app.register(editorRoutes, { services });
  await app.register(editedFileRoutes, { services });
  await app.register(clientLinkRoutes, { services });
  await app.register(engagementReportRoutes, { services });
  await app.register(engagementRoutes, { services });
  await app.register(clientViewRoutes, { services, webRoot: deps.webRoot });
  await app.register(userNotificationsRoutes, { services });
  await app.register(proposalResponseRoutes, { services });
  await app.register(adminNotificationsRoutes, { services });
  await app.register(adminUsersRoutes, { services });
  await app.register(auditRoutes, { services });
  await app.register(invitationRoutes, { services });
  await app.register(profileRoutes, { services });
  await app.register(alertRoutes, { services });
  await app.register(apiTokenRoutes, { services });
  await app.register(outboxRoutes, { services });
  await app.register(mailTemplateRoutes, { services });
  await app.register(uploadRoutes, { services });
  await app.register(dealDeskRoutes, { services });
  await app.register(approvalRoutes, { services });
  await app.register(pictureRoutes, { services });
  await app.register(webhookRoutes, { services });
  await registerWebApp(app, deps.webRoot);

  // Generation and the other jobs run in this process too unless JOB_WORKERS is 0 (a web process
  // beside `npm run worker` processes).
  const worker =
    deps.config.jobWorkers > 0 ? await startServerJobs(services, deps.database) : undefined;

  app.addHook('onClose', async () => {
    await worker?.stop();
    await services.mailer.close();
    await services.deckRenderer.close();
    await services.objects.close();
    await deps.database.close();
  });

  return Object.assign(app, { lifecycle, services, jobs: worker }) as unknown as App;
}
