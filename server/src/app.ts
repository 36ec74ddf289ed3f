import { bodyParser } from '@koa/bodyparser';
import Router from '@koa/router';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { PublicConfig } from '@tracker/shared/api/config';
import Koa from 'koa';
import path from 'node:path';
import compress from 'koa-compress';
import { constants as zlib } from 'node:zlib';
import type { Config } from './config.ts';
import { requestContext } from './db/request-context.ts';
import { contractCheck } from './http/contract-check.ts';
import { currentUser } from './http/access.ts';
import { noStoreWhenSignedIn } from './http/cache-control.ts';
import { createResponseCache } from './http/response-cache.ts';
import { csrfProtection } from './http/csrf.ts';
import { createOutageLog, databaseUnavailable, throttledWarning } from './http/db-unavailable.ts';
import { apiNotFound, bodyDecodeError, errorHandler, knownMethods } from './http/errors.ts';
import { requestLog } from './http/request-log.ts';
import { bearerUserRow } from './http/bearer.ts';
import { sessionMiddleware, sessionUserRow } from './http/session.ts';
import { sessionUserCheck } from './http/session-user.ts';
import { downloadLinks } from './modules/downloads/download-links.ts';
import { downloadRoutes } from './modules/downloads/downloads.routes.ts';
import { guardSessionOnly } from './http/session-only.ts';
import { signingKeys } from './http/signing-keys.ts';
import type { Logger } from './logger.ts';
import { apiTokenRoutes } from './modules/api-tokens/api-tokens.routes.ts';
import { bearerAuth } from './modules/api-tokens/bearer.ts';
import { attachmentRoutes } from './modules/attachments/attachments.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { calendarRoutes } from './modules/calendar/calendar.routes.ts';
import { configRoutes } from './modules/config/config.routes.ts';
import { customFieldRoutes } from './modules/custom-fields/custom-field.routes.ts';
import { templateRoutes } from './modules/templates/templates.routes.ts';
import { cycleRoutes } from './modules/cycles/cycles.routes.ts';
import { registerCycles } from './modules/cycles/cycle-jobs.ts';
import { milestoneRoutes } from './modules/milestones/milestones.routes.ts';
import { insightsRoutes } from './modules/insights/insights.routes.ts';
import { timelineRoutes } from './modules/timeline/timeline.routes.ts';
import { streamRoutes } from './modules/streams/stream.routes.ts';
import { telegramAuthRoutes } from './modules/telegram-auth/telegram-auth.routes.ts';
import { createEventHub } from './modules/events/event-hub.ts';
import { createAccessHub, streamGuard } from './modules/auth/stream-access.ts';
import { eventsRoutes, liveEventText, subscribeVisibleEvents, type LiveDeps } from './modules/events/events.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { openApiRoutes } from './modules/openapi/openapi.routes.ts';
import { commentRoutes } from './modules/issues/comments.routes.ts';
import { timeRoutes } from './modules/time/time.routes.ts';
import { issueLinkRoutes } from './modules/issues/issue-links.routes.ts';
import { issueRoutes } from './modules/issues/issues.routes.ts';
import { searchRoutes } from './modules/issues/search.routes.ts';
import { viewRoutes } from './modules/issues/views.routes.ts';
import { watchingRoutes } from './modules/issues/watching.routes.ts';
import { projectRoutes } from './modules/projects/projects.routes.ts';
import { workflowRoutes } from './modules/projects/workflow.routes.ts';
import { navigationRoutes } from './modules/navigation/navigation.routes.ts';
import { syncRoutes } from './modules/sync/sync.routes.ts';
import { registerSyncPrune } from './modules/sync/sync-prune.ts';
import { createSyncHub } from './modules/sync/sync-hub.ts';
import { adminRoutes } from './modules/admin/admin.routes.ts';
import { exportRoutes } from './modules/exports/exports.routes.ts';
import { blogRoutes } from './modules/blog/blog.routes.ts';
import { blogPageRenderer } from './modules/blog/blog.ssr.ts';
import { iconRoutes } from './modules/icons/icons.routes.ts';
import { sitemapRoutes } from './modules/sitemap/sitemap.pages.ts';
import { statSync } from 'node:fs';
import { createNavigationService } from './modules/navigation/navigation.service.ts';
import { pageBoot } from './modules/navigation/page-boot.ts';
import { userRoutes } from './modules/users/user.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { createUserService } from './modules/users/user.service.ts';
import { createAccountService } from './modules/users/account.service.ts';
import { avatarStore } from './modules/users/avatar.ts';
import { confirmRoutes } from './modules/users/confirm.routes.ts';
import { profileRoutes } from './modules/users/profile.routes.ts';
import { onboardingRoutes } from './modules/onboarding/onboarding.routes.ts';
import { passwordRoutes } from './modules/auth/password.routes.ts';
import { recoveryRoutes } from './modules/auth/recovery.routes.ts';
import { requestLocale, translate } from './modules/mail/i18n.ts';
import { createMailer } from './modules/mail/mailer.ts';
import { createMailService } from './modules/mail/mail.service.ts';
import { createJobQueue } from './modules/jobs/index.ts';
import { createSmsProvider } from './modules/sms/sms.ts';
import { setUpBot } from './modules/telegram/bot-runner.ts';
import { shareRoutes } from './modules/telegram/share.routes.ts';
import { createAccountHooks } from './modules/telegram-auth/bot-hooks.ts';
import { notificationSettingsRoutes } from './modules/notifications/settings.routes.ts';
import { registerNotifications } from './modules/notifications/dispatch.ts';
import { registerRecurrences } from './modules/recurrence/scheduler.ts';
import { registerSlaScan } from './modules/sla/scan.ts';
import { slaRoutes } from './modules/sla/sla.routes.ts';
import { inboxRoutes } from './modules/inbox/inbox.routes.ts';
import { importRoutes } from './modules/imports/imports.routes.ts';
import { registerImports } from './modules/imports/import.job.ts';
import { deliverToInbox } from './modules/inbox/inbox.service.ts';
import { setUpWebhooks } from './modules/webhooks/index.ts';
import { setUpInvites } from './modules/invites/index.ts';
import { setUpTriage } from './modules/triage/index.ts';
import { createBlobStore } from './storage/index.ts';
import { securityHeaders } from './web/security.ts';
import { spa } from './web/spa.ts';

export interface AppDeps {
  config: Config;
  orm: MikroORM;
  logger: Logger;
  /** Extra routers mounted before the 404 (e.g. the bot webhook). */
  extraRouters?: Router[];
}

export function publicConfigOf(config: Config): PublicConfig {
  return {
    logLevel: config.LOG_LEVEL,
    debug: config.PUBLIC_DEBUG === 1 ? 1 : 0,
    telegramBotUsername: config.TELEGRAM_BOT_USERNAME ?? null,
    telegramUnsafeFallback: config.TELEGRAM_ALLOW_UNSAFE_FALLBACK,
    externalRedirectHosts: config.EXTERNAL_REDIRECT_HOSTS,
  };
}

export function createApp({ config, orm, logger, extraRouters = [] }: AppDeps) {
  const app = new Koa({ proxy: config.TRUST_PROXY });
  app.keys = signingKeys([config.SESSION_SECRET]) as Koa["keys"];
  // The request's own EntityManager fork (RequestContext), never the global one.
  const em = () => orm.em as unknown as EntityManager;
  const users = createUserService({ adminEmails: config.ADMIN_EMAILS });
  const navigation = createNavigationService({ allowedHosts: () => config.EXTERNAL_REDIRECT_HOSTS });
  const publicConfig = publicConfigOf(config);
  const events = createEventHub(orm.config.get('clientUrl') as string, logger);
  const sync = createSyncHub(orm.config.get('clientUrl') as string, logger);
  // Live streams end with the session or token they opened with, on every replica.
  const access = createAccessHub(orm.config.get('clientUrl') as string, logger);
  const guard = streamGuard({ hub: access, orm });
  const live: LiveDeps = { hub: events, guard };
  // Attachments, avatars and blog images: one store that every replica reads (close it on shutdown).
  const storage = createBlobStore({ storageUrl: config.STORAGE_URL, databaseUrl: orm.config.get('clientUrl') as string });
  // Compressed issue lists and pages under their ETags, made of per-project data versions (issue 13).
  const responseCache = createResponseCache();
  // Mail and notifications go through the job queue (graphile-worker); modules register their tasks
  // below, then its worker starts in this process (stopped gracefully on shutdown).
  const jobs = createJobQueue({ databaseUrl: orm.config.get('clientUrl') as string, logger });
  const mailer = createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, dataDir: config.DATA_DIR, logger });
  const mail = createMailService({ queue: jobs, mailer, publicUrl: config.PUBLIC_URL });
  // The bot (when configured) and its notification jobs; main.ts starts it once the server listens.
  const invites = setUpInvites({ publicUrl: config.PUBLIC_URL, botUsername: config.TELEGRAM_BOT_USERNAME ?? null, mail, em });
  const triage = setUpTriage({ em, jobs, burstSec: config.TELEGRAM_BURST_SEC });
  const telegram = setUpBot({ config, orm, logger, jobs, storage, accountHooks: createAccountHooks(orm, invites.service), invites: invites.service, triage: triage.service });
  // What concerns people goes to their inbox, then to Telegram while the bot runs (the same events).
  const channels = [deliverToInbox, ...(telegram.tell ? [telegram.tell] : [])];
  const notifications = registerNotifications({ jobs, orm, channels, digests: telegram.digests });
  // SLA breaches reach the same channels (docs/sla.md).
  const sla = registerSlaScan({ jobs, orm, channels });
  const accounts = createAccountService({ mail, sms: createSmsProvider(config, logger), secret: config.SESSION_SECRET, logger, adminEmails: config.ADMIN_EMAILS });
  registerSyncPrune(jobs, orm);
  // Outgoing webhooks: deliveries go through the job queue; the owners hear when one is switched off.
  const webhooks = setUpWebhooks({ config, orm, jobs, mail, telegram: !!telegram.tell, logger, em });
  registerRecurrences({ jobs, orm, logger });
  registerCycles({ jobs, orm, logger });
  registerImports(jobs, orm);
  void jobs.start();

  // Errors outside the middleware chain: a client leaving a stream (SSE, downloads) is not one.
  app.on('error', (err: NodeJS.ErrnoException) => {
    // ERR_STREAM_UNABLE_TO_PIPE: the client left while a stream's handler was still subscribing.
    if (err.code === 'ERR_STREAM_PREMATURE_CLOSE' || err.code === 'ECONNRESET' || err.code === 'EPIPE' || err.code === 'ERR_STREAM_UNABLE_TO_PIPE') return;
    logger.error({ err }, 'server error');
  });
  // The log is outside the error handler, so it sees the status the handler answered (issue 11, L5).
  app.use(requestLog(logger));
  app.use(errorHandler(logger, (ctx, key, params) => translate(requestLocale(ctx), key, params)));
  // A database or file store outage, or a transaction that kept conflicting, answers 503 + Retry-After, logged once (http/db-unavailable.ts).
  const outage = createOutageLog({ logger, probe: () => probeDatabase(orm) });
  app.use(
    databaseUnavailable(outage, {
      storage: throttledWarning(logger, 'file storage unavailable; answering 503'),
      conflict: throttledWarning(logger, 'transactions still conflicting after their retries; answering 503'),
    }),
  );
  app.use(knownMethods);
  app.use(apiNotFound);
  app.use(securityHeaders({ secure: config.secureCookies, debug: config.PUBLIC_DEBUG === 1 }));
  app.use(
    compress({
      threshold: 1024,
      br: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
      gzip: { level: 6 },
      deflate: false,
    }),
  );
  if (config.CONTRACT_CHECK_FILE) app.use(contractCheck(config.CONTRACT_CHECK_FILE));
  app.use(requestContext(orm));
  // Served outside the page routes, before the web app's shell and static files.
  const sitemap = sitemapRoutes({ em, origin: config.PUBLIC_URL, staticLastmod: builtAt(config.WEB_DIST) });
  app.use(sitemap.routes());
  // Pages come after the session is read: each carries its user and redirect decision inline (issue 14).
  const web = spa({ distDir: config.WEB_DIST, publicConfig, boot: pageBoot({ navigation, em }), renderPage: blogPageRenderer({ em, origin: config.PUBLIC_URL }) });
  app.use(web.files);
  // Personal access tokens: checked before CSRF (which they skip), the body and the session (which they never touch).
  app.use(bearerAuth({ em, rateLimit: () => ({ max: config.API_TOKEN_RATE_LIMIT, windowSec: 60 }) }));
  app.use(csrfProtection(config.PUBLIC_URL));
  // DELETE too: a deletion may carry its confirmation as a small JSON body (custom fields).
  const parseBody = bodyParser({ parsedMethods: ['POST', 'PUT', 'PATCH', 'DELETE'], jsonLimit: '1mb', formLimit: '100kb', textLimit: '100kb', enableTypes: ['json', 'form'], onError: bodyDecodeError });
  // Uploads stream their raw body to storage, whatever their content type.
  // Imports read their multipart body themselves (busboy), after checking who asks.
  app.use((ctx, next) => (ctx.method === 'POST' && /^\/api\/(issues\/[^/]+\/attachments|projects\/[^/]+\/imports)$/i.test(ctx.path) ? next() : parseBody(ctx, next)));
  if (config.secureCookies) {
    // TLS ends at the proxy in front of us: the public URL is https, so cookies may be Secure.
    app.use((ctx, next) => {
      ctx.cookies.secure = true;
      return next();
    });
  }
  app.use(sessionMiddleware(app, orm, config.secureCookies, config.SESSION_SECRET));
  app.use(currentUser((ctx, id) => users.signedIn(em(), id, sessionUserRow(ctx) ?? bearerUserRow(ctx))));
  app.use(sessionUserCheck);
  app.use(noStoreWhenSignedIn);
  app.use(web.pages);

  // Signed links to file answers, for Telegram's own downloader (no session): issued in one place, read by the file routes.
  const fileLinks = downloadLinks(config.SESSION_SECRET);
  // The hottest reads first: every router before a request's own one costs a failed match.
  const routers = [
    issueRoutes({ em, cache: responseCache, secret: config.SESSION_SECRET }),
    searchRoutes({ em }),
    healthRoutes({ orm, jobs, stallSec: config.JOBS_STALL_SEC }),
    configRoutes(publicConfig),
    openApiRoutes({ serverUrl: new URL(config.PUBLIC_URL).origin, logger }),
    authRoutes({ users, em, accounts }),
    userRoutes(),
    confirmRoutes({ em, accounts }),
    profileRoutes({ em, accounts, avatars: avatarStore(storage) }),
    passwordRoutes({ em }),
    recoveryRoutes({ em, mail }),
    navigationRoutes({ navigation, em }),
    projectRoutes({ em }),
    onboardingRoutes({ em }),
    workflowRoutes({ em }),
    issueLinkRoutes({ em }),
    commentRoutes({ em }),
    timeRoutes({ em, links: fileLinks }),
    viewRoutes({ em }),
    watchingRoutes({ em }),
    usersRoutes({ em }),
    customFieldRoutes({ em }),
    templateRoutes({ em }),
    cycleRoutes({ em }),
    milestoneRoutes({ em }),
    insightsRoutes({ em }),
    slaRoutes({ em }),
    streamRoutes({ em }),
    syncRoutes({ em, hub: sync, guard, live: (viewer, send, allows) => subscribeVisibleEvents(live, viewer, (event) => send(liveEventText(event)), allows) }),
    calendarRoutes({ em, config }),
    timelineRoutes({ em }),
    eventsRoutes(live),
    attachmentRoutes({ em, storage, secret: config.SESSION_SECRET }),
    blogRoutes({ em, storage }),
    adminRoutes({ em, configuredHosts: () => config.EXTERNAL_REDIRECT_HOSTS }),
    exportRoutes({ em, storage, logger, links: fileLinks }),
    downloadRoutes({ em, links: fileLinks }),
    iconRoutes(),
    telegramAuthRoutes({ em, config }),
    notificationSettingsRoutes({ em }),
    inboxRoutes({ em }),
    apiTokenRoutes({ em }),
    webhooks.router,
    invites.router,
    triage.router,
    shareRoutes({ em, bot: telegram.bot }),
    importRoutes({ em }),
    ...(telegram.router ? [telegram.router] : []),
    ...extraRouters,
  ];
  // Token calls are refused on the session-only routes themselves, whatever spelling matched them.
  guardSessionOnly(routers);
  for (const router of routers) app.use(router.routes()).use(router.allowedMethods({ throw: true }));

  return Object.assign(app, { services: { users, navigation, events, sync, access, responseCache, jobs, accounts, telegram, notifications, sla, storage, webhooks, invites: invites.service, triage: triage.service }, routers });
}

export type App = ReturnType<typeof createApp>;

async function probeDatabase(orm: MikroORM): Promise<'up' | 'down' | 'closed'> {
  // checkConnection never opens a pool again after orm.close().
  const check = await orm.em.getConnection().checkConnection();
  if (check.ok) return 'up';
  return check.reason === 'Connection not established' ? 'closed' : 'down';
}

/** When the web app was built (the static pages' lastmod in the sitemap); start time without a build. */
function builtAt(distDir: string): Date {
  try {
    return statSync(path.join(distDir, 'index.html')).mtime;
  } catch {
    return new Date();
  }
}
