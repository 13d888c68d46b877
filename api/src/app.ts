import { randomUUID } from 'node:crypto';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import pkg from '../package.json' with { type: 'json' };
import { AlertChangeFeed } from './alerts/alertChanges.js';
import { alertMessages } from './alerts/alertMessages.js';
import { createAlertReads } from './alerts/alertReads.js';
import { alertRoutes } from './alerts/routes.js';
import { API_PREFIX, CALENDARS_PATH } from './apiPrefix.js';
import { createApiTokenChecks } from './apiTokens/credentials.js';
import { API_TOKEN_SCHEME, apiTokenSecurityScheme, documentTokenScope } from './apiTokens/openapiScopes.js';
import { apiTokenRoutes } from './apiTokens/routes.js';
import { AuditRetention } from './audit/retention.js';
import { auditLogRoutes } from './audit/routes.js';
import { authentication } from './auth/currentUser.js';
import { authRoutes } from './auth/routes.js';
import { TokenSigner } from './auth/tokens.js';
import { createUserReads } from './auth/userReads.js';
import { calendarFeedRoutes, calendarRoutes, oncallHoursRoutes } from './calendars/routes.js';
import { chatChannelRoutes } from './chat/channelRoutes.js';
import { chatMessages } from './chat/chatMessages.js';
import { CHAT_PROVIDERS } from './chat/kinds.js';
import { chatLinkRoutes } from './chat/links/linkRoutes.js';
import { mattermostRoutes } from './chat/mattermost/mattermostRoutes.js';
import { slackInboundRoutes } from './chat/slack/slackInbound.js';
import { slackLinkRoute } from './chat/slack/slackLinkRoute.js';
import { telegramLinkRoute } from './chat/telegram/telegramLinkRoute.js';
import { telegramRoutes } from './chat/telegram/telegramRoutes.js';
import { registerCompression } from './common/compression.js';
import { HOT_PATH_ON, type HotPath } from './common/hotPath.js';
import type { Config } from './config.js';
import { consolePlugin, publishedPublicPagesPlugin } from './console/plugin.js';
import { bundleMessages } from './contactMethods/bundleMessages.js';
import { contactMethodRoutes } from './contactMethods/routes.js';
import { methodTestMessages } from './contactMethods/testMessages.js';
import { verificationCodeMessages } from './contactMethods/verificationRender.js';
import { contactConfirmationMessages } from './contacts/confirmation.js';
import { contactConfirmationRoutes, integrationContactRoutes } from './contacts/routes.js';
import { migrateToLatest, type OpenDb, openDatabase } from './db/database.js';
import { createMailer, type Mailer } from './email/mailer.js';
import { errorHandlerPlugin } from './errors.js';
import { EscalationTimer } from './escalation/timer.js';
import { escalationPolicyRoutes } from './escalationPolicies/routes.js';
import { occurrenceRoutes } from './grouping/routes.js';
import { HeartbeatChecker } from './heartbeats/checker.js';
import { heartbeatPingRoutes, heartbeatRoutes } from './heartbeats/routes.js';
import { enqueueRoutes } from './ingest/enqueue.js';
import { Intake } from './ingest/intake.js';
import { ONCALL_PREFIX, oncallRoutes } from './ingest/oncallUrls.js';
import { opsgenieHeartbeatRoutes } from './ingest/opsgenie/heartbeatRoutes.js';
import { opsgenieRoutes } from './ingest/opsgenie/routes.js';
import { ingestRoutes } from './ingest/routes.js';
import { ingestStageOrder } from './ingest/stageOrder.js';
import { createIntegrationReads } from './integrations/integrationReads.js';
import { integrationRoutes } from './integrations/routes.js';
import { maintenanceRoutes } from './maintenance/routes.js';
import { MaintenanceSweep } from './maintenance/sweep.js';
import { Notifications } from './notifications/service.js';
import { registerOpenapi } from './openapi.js';
import { redactUrlSecrets } from './operations/logRedaction.js';
import { metricsPlugin } from './operations/metrics.js';
import { probeRoutes } from './operations/probes.js';
import { registerRateLimits } from './operations/rateLimitStore.js';
import { planOf } from './operations/roles.js';
import { closeConnectionsWhileDraining } from './operations/shutdown.js';
import { providerRoutes } from './providers/routes.js';
import { ProviderStore } from './providers/store.js';
import { reachabilityRoutes } from './reachability/routes.js';
import { buildValidators, requireClosedBodies } from './requestValidation.js';
import { buildSerializers } from './responseSerialization.js';
import { routingRoutes } from './routing/routes.js';
import { scheduleRoutes, userShiftRoutes } from './schedules/routes.js';
import { securityHeaders } from './securityHeaders.js';
import { settingsRoutes } from './settings/routes.js';
import { SettingsStore } from './settings/service.js';
import { ssoGroupRuleRoutes } from './sso/groupRuleRoutes.js';
import { SSO_PATH, ssoRoutes } from './sso/routes.js';
import { teamRoutes } from './teams/routes.js';
import { phoneMessages, TELEPHONY_PATH } from './telephony/phoneMessages.js';
import { telephonyRoutes } from './telephony/routes.js';
import { ensureFirstSuperuser } from './users/firstSuperuser.js';
import { userRoutes } from './users/routes.js';
import { metricsRoute, utilsRoutes } from './utils/routes.js';

export const API_VERSION: string = pkg.version;

/**
 * The long-lived parts the app is composed of, for whoever built it: the server, and tests that
 * flush the outbox or tick a timer. Feature plugins never see this type: each is registered
 * below with exactly what it uses, typed by the feature itself.
 */
export interface AppParts {
  config: Config;
  db: OpenDb;
  tokens: TokenSigner;
  mailer: Mailer;
  /** The clock of signed links' expiry and of escalation timing (tests move it). */
  now: () => Date;
  /** Alert changes of the whole deployment, for live consoles. */
  alertChanges: AlertChangeFeed;
  /** Notification emails: the outbox relay, the job queue and its worker (on a web process, announcements to the workers). */
  notifications: Notifications;
  /** Escalates alerts left unacknowledged past their policy's delay (started on roles all and worker; tests tick it). */
  escalations: EscalationTimer;
  /** Raises an alert for each heartbeat monitor whose ping is overdue. */
  heartbeats: HeartbeatChecker;
  /** Pages for the alerts a maintenance window silenced, once it ends. */
  maintenance: MaintenanceSweep;
  /** Deletes audit entries past AUDIT_LOG_RETENTION_DAYS, hourly. */
  auditRetention: AuditRetention;
}

export interface BuildAppOptions {
  config: Config;
  /** An open database to use (the caller closes it); otherwise one is opened from the config. */
  db?: OpenDb;
  /** A mailer to use instead of the configured one. */
  mailer?: Mailer;
  /** Pino options, or false for silence (tests). */
  logger?: FastifyServerOptions['logger'];
  /** The clock of signed links and escalations; the real one unless a test controls time. */
  now?: () => Date;
  /** The list path's optimizations, all on unless the benchmark or a test turns one off (common/hotPath.ts). */
  hotPath?: Partial<HotPath>;
}

/** Fields that must never reach a log line, wherever they appear. */
export const REDACTED_LOG_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-xsrf-token"]',
  'req.headers["x-vigil-link-token"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.new_password',
  '*.current_password',
  '*.token',
  '*.access_token',
  '*.clientSecret',
  '*.client_secret',
];

/**
 * Every request's log line, as Fastify's default but with the secrets a URL can hold taken out:
 * an ingest key in the path, a link or reset token in the query (operations/logRedaction.ts).
 */
const requestSerializer = (req: FastifyRequest) => ({
  method: req.method,
  url: redactUrlSecrets(req.url),
  host: req.host,
  remoteAddress: req.ip,
  remotePort: req.socket?.remotePort,
});

/** Structured JSON logs with secrets redacted; `stream` lets tests read what would be logged. */
export function loggerOptions(config: Config, stream?: { write(line: string): void }) {
  return {
    level: config.logLevel,
    redact: { paths: REDACTED_LOG_PATHS, censor: '[redacted]' },
    serializers: { req: requestSerializer },
    ...(stream && { stream }),
  };
}

/**
 * Builds the whole API: database ready and migrated, first superuser present, every route
 * registered, the background work started, as the process's role has it (operations/roles.ts).
 * Tests call it in-process; server.ts calls it and listens.
 */
export async function composeApp(options: BuildAppOptions): Promise<{ app: FastifyInstance; parts: AppParts }> {
  const { config } = options;
  const plan = planOf(config.role);
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config),
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    // Bodies strict and closed, query strings read as text: see requestValidation.ts.
    schemaController: { compilersFactory: { buildValidator: buildValidators, buildSerializer: buildSerializers } },
  }).withTypeProvider<TypeBoxTypeProvider>();

  const ownsDb = !options.db;
  const db =
    options.db ??
    (await openDatabase(
      config.databaseUrl
        ? { kind: 'postgres', url: config.databaseUrl, preparedStatements: config.preparedStatements }
        : { kind: 'pglite', dataDir: `${config.dataDir}/pglite` },
    ));
  // A lost database is told in this app's log: once when it goes, once when it is back.
  db.outage.logTo(app.log);
  const mailer = options.mailer ?? createMailer(config, app.log);
  const now = options.now ?? (() => new Date());
  let notifications: Notifications;
  let providers: ProviderStore;
  try {
    // Replicas starting together: one applies the migrations, the others log an empty list.
    const applied = await migrateToLatest(db);
    app.log.info({ migrations: applied }, applied.length ? `applied ${applied.length} database migrations` : 'database schema up to date');
    await ensureFirstSuperuser(db, config, app.log);
    // Every kind of message a feature writes to the outbox, registered here: the delivery knows none of them.
    providers = new ProviderStore(db, config.secretKey);
    const renderers = [
      alertMessages(config),
      contactConfirmationMessages(config),
      verificationCodeMessages(config),
      methodTestMessages(config),
      bundleMessages(config),
      chatMessages({ config, providers, chatProviders: CHAT_PROVIDERS }),
      phoneMessages({ config, providers }),
    ];
    notifications = await Notifications.start({ db, config, mailer, log: app.log, now, renderers, duty: plan.outbox });
  } catch (error) {
    if (ownsDb) await db.destroy();
    throw error;
  }
  const alertChanges = new AlertChangeFeed(db, app.log);
  // What acting on an alert needs, wherever it is done (alerts/alertActions.ts), and contacts' work.
  const alertActions = { db, config, now, notifications, alertChanges };
  const contacts = { db, config, now, notifications };
  const escalations = new EscalationTimer(alertActions, app.log);
  const heartbeats = new HeartbeatChecker({ db, now, notifications, alertChanges }, app.log);
  const maintenance = new MaintenanceSweep({ db, now, notifications, alertChanges }, app.log);
  const auditRetention = new AuditRetention({ db, now, retentionDays: config.auditLogRetentionDays }, app.log);
  if (plan.runsTimers) {
    escalations.start(config.notifications.escalationCheckMs);
    // On the escalation timer's interval: a missed ping is noticed within ESCALATION_CHECK_SECONDS.
    heartbeats.start(config.notifications.escalationCheckMs);
    // So is a window's end: its silenced alerts page within ESCALATION_CHECK_SECONDS.
    maintenance.start(config.notifications.escalationCheckMs);
    auditRetention.start();
  }
  const tokens = new TokenSigner(config.secretKey, config.accessTokenExpireMinutes);
  const hotPath: HotPath = { ...HOT_PATH_ON, ...options.hotPath };
  const userReads = createUserReads(db, hotPath);
  const apiTokens = createApiTokenChecks(db, now, app.log);
  const settings = new SettingsStore(db);
  // Before the server waits for requests in flight: open change streams never end by themselves.
  app.addHook('preClose', async () => alertChanges.close());
  app.addHook('onClose', async () => {
    // Escalations and sends under way finish first: they need the mailer and the database.
    await escalations.stop();
    await heartbeats.stop();
    await maintenance.stop();
    await auditRetention.stop();
    await notifications.stop();
    await apiTokens.settle();
    mailer.close();
    if (ownsDb) await db.destroy();
  });

  await app.register(errorHandlerPlugin);
  await app.register(securityHeaders, { apiPrefix: API_PREFIX });
  // JSON only (the login form adds its own parser): anything else is a clear 415, not a confusing 422.
  app.removeContentTypeParser('text/plain');
  requireClosedBodies(app);
  closeConnectionsWhileDraining(app);
  if (plan.servesApi) await registerRateLimits(app, config, db);
  await app.register(metricsPlugin, { db });
  await app.register(authentication, { tokens, userReads, apiTokens });
  await app.register(probeRoutes, { db, lifecycle: app.lifecycle });
  const parts = { config, db, tokens, mailer, now, alertChanges, notifications, escalations, heartbeats, maintenance, auditRetention };
  if (!plan.servesApi) {
    // A worker: the probes and the metrics scrape, a 404 for anything else (a misrouted Service reaches nothing).
    await app.register(metricsRoute, { prefix: `${API_PREFIX}/utils`, config });
    await app.ready();
    return { app, parts };
  }
  await registerOpenapi(app, API_VERSION, {
    securitySchemes: { [API_TOKEN_SCHEME]: apiTokenSecurityScheme },
    transform: documentTokenScope as never,
  });
  // Every ingest URL shares one intake: one alert budget per key (RATE_LIMIT_INGEST_ALERTS_PER_MINUTE).
  const intake = new Intake(app, { db, config, now, notifications, alertChanges, stages: ingestStageOrder() });
  app.addHook('onClose', async () => intake.close());

  await app.register(
    async (api) => {
      await registerCompression(api);
      await api.register(authRoutes, { db, tokens, mailer, config });
      await api.register(ssoRoutes, { prefix: SSO_PATH, db, tokens, config, now });
      await api.register(ssoGroupRuleRoutes, { prefix: '/sso', db });
      await api.register(userRoutes, { prefix: '/users', db, mailer, config, alertChanges, now, settings });
      await api.register(teamRoutes, { prefix: '/teams', db, mailer, config, now });
      await api.register(apiTokenRoutes, { prefix: '/tokens', db, now });
      const alertReads = createAlertReads(db, hotPath);
      await api.register(alertRoutes, { prefix: '/alert', ...alertActions, settings, alertReads, userReads });
      await api.register(occurrenceRoutes, { prefix: '/alert', db });
      const integrationReads = createIntegrationReads(db, hotPath);
      await api.register(integrationRoutes, {
        prefix: '/integration',
        ...contacts,
        integrationReads,
        alertChanges,
        ingestStages: intake.stages,
      });
      await api.register(integrationContactRoutes, { prefix: '/integration', ...contacts });
      await api.register(contactConfirmationRoutes, { prefix: '/contacts/confirmation', db, config, now });
      await api.register(ingestRoutes, { prefix: '/ingest', intake, config });
      await api.register(heartbeatRoutes, { prefix: '/integration', db, config, now });
      await api.register(routingRoutes, { prefix: '/integration', ...contacts, intake });
      await api.register(heartbeatPingRoutes, { prefix: '/ingest', db, config, now, alertChanges });
      await api.register(scheduleRoutes, { prefix: '/schedules', db, now });
      await api.register(escalationPolicyRoutes, { prefix: '/escalation-policies', ...contacts });
      await api.register(maintenanceRoutes, { prefix: '/maintenance-windows', db, now, stages: intake.stages });
      await api.register(reachabilityRoutes, { db, now, providers });
      await api.register(userShiftRoutes, { prefix: '/users', db });
      await api.register(calendarFeedRoutes, { prefix: '/users/me', db, config, now });
      await api.register(calendarRoutes, { prefix: CALENDARS_PATH, db, config, now });
      await api.register(oncallHoursRoutes, { prefix: '/schedules', db, config, now });
      await api.register(contactMethodRoutes, { prefix: '/users/me', ...contacts });
      await api.register(utilsRoutes, { prefix: '/utils', db, config, lifecycle: app.lifecycle });
      await api.register(settingsRoutes, { prefix: '/settings', settings, config });
      await api.register(auditLogRoutes, { prefix: '/audit-log', db });
      await api.register(providerRoutes, { prefix: '/notification-providers', providers });
      await api.register(telephonyRoutes, { prefix: TELEPHONY_PATH, ...alertActions, providers });
      await api.register(chatChannelRoutes, { db, config, now, providers, chatProviders: CHAT_PROVIDERS });
      await api.register(chatLinkRoutes, { prefix: '/users/me', db, now });
      await api.register(slackLinkRoute, { prefix: '/users/me', db, now, providers });
      await api.register(slackInboundRoutes, { prefix: '/chat/slack', ...alertActions, providers });
      await api.register(mattermostRoutes, { prefix: '/chat', ...alertActions });
      await api.register(telegramRoutes, { prefix: '/chat', ...alertActions, providers });
      await api.register(telegramLinkRoute, { prefix: '/users/me', config, now, providers });
      api.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
    },
    { prefix: API_PREFIX },
  );
  // PagerDuty's Events API v2 at the origin's root, where its clients post when only the host changes.
  await app.register(enqueueRoutes, { prefix: '/v2', intake, config });
  // Opsgenie's Alert API and heartbeat pings, and Grafana OnCall's integration URLs: the same, for their senders.
  await app.register(opsgenieRoutes, { prefix: '/v2', intake, ...alertActions });
  await app.register(opsgenieHeartbeatRoutes, { prefix: '/v2', intake, config, db, now, alertChanges });
  await app.register(oncallRoutes, { prefix: ONCALL_PREFIX, intake, config });
  if (config.consoleDir) await app.register(consolePlugin, { ...alertActions, settings, consoleDir: config.consoleDir });
  else if (config.publicPages) await app.register(publishedPublicPagesPlugin, { ...alertActions, settings, pages: config.publicPages });
  await app.ready();
  return { app, parts };
}

/** The app alone: what the server and most tests need. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  return (await composeApp(options)).app;
}
