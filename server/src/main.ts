// Wires config, database, web app and bot, then listens. Ctrl-C / SIGTERM shut down cleanly.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { connectEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded.ts';
import { createOrm, migrate } from './db/orm.ts';
import { superviseEmbeddedPostgres, type Supervisor } from './db/supervisor.ts';
import { createLogger } from './logger.ts';
import { importDataDir } from './storage/index.ts';
import path from 'node:path';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const logger = createLogger(config.LOG_LEVEL, { pretty: (config.LOG_FORMAT ?? (config.NODE_ENV === 'development' ? 'pretty' : 'json')) === 'pretty' });
  const started = performance.now();

  let embedded: EmbeddedDatabase | null = null;
  let supervisor: Supervisor | null = null;
  let databaseUrl = config.DATABASE_URL;
  if (!databaseUrl) {
    // A PostgreSQL already running on this folder (another instance, or one left by a crash) is
    // reused and left running; one we start, we stop.
    embedded = await connectEmbeddedPostgres(config.DATA_DIR, { throwaway: config.NODE_ENV === 'test' });
    databaseUrl = embedded.url;
    logger.info({ dataDir: path.join(config.DATA_DIR, 'pg'), port: embedded.port }, 'embedded PostgreSQL started');
    // Restarted if it dies; the pool and LISTEN connections reconnect (docs/architecture.md).
    supervisor = superviseEmbeddedPostgres(embedded, { logger });
  }
  const orm = await createOrm(databaseUrl, { poolMax: config.DB_POOL_MAX });
  await migrate(orm);

  const app = createApp({ config, orm, logger });
  // Files an earlier version kept in the data folder join the shared store before the first request.
  const copied = await importDataDir(app.services.storage, config.DATA_DIR, logger);
  if (copied.imported) logger.info(copied, 'data folder files imported into the store');
  const bot = app.services.telegram;
  const server: Server = app.listen(config.PORT, config.HOST);
  // The client must be the one to close an idle keep-alive connection: a request it sends just as the
  // server closes one fails with ECONNRESET. Node's 5 s default did that to API clients under load;
  // Caddy keeps upstream connections 2 minutes idle.
  server.keepAliveTimeout = 130_000;
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  // The port actually bound: PORT=0 asks the system for a free one (the process test does).
  logger.info({ url: config.PUBLIC_URL, port: (server.address() as AddressInfo).port, ms: Math.round(performance.now() - started) }, 'Tracker is ready');
  // A bot that cannot reach Telegram must not take the web app down with it.
  bot.start().catch((err) => logger.error({ err }, 'bot did not start'));

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    // Ctrl-C signals PostgreSQL too: its exit from here on is ours, not one to recover from.
    supervisor?.release();
    logger.info({ signal }, 'shutting down');
    // Stop accepting, let in-flight requests finish, then close idle keep-alive sockets.
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    // Live-event streams never go idle by themselves: end them so the server can close.
    await app.services.events.close();
    await app.services.sync.close();
    await app.services.access.close();
    server.closeIdleConnections();
    const force = setTimeout(() => server.closeAllConnections(), 10_000);
    await closed;
    clearTimeout(force);
    await bot.stop().catch(() => {});
    await app.services.jobs.stop();
    await app.services.webhooks.close().catch(() => {});
    await app.services.storage.close();
    await orm.close(true);
    if (embedded) await embedded.stop().catch(() => {});
    logger.info('stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
