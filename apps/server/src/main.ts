// First: the process may start itself again with its malloc settings before the rest loads.
import './malloc-settings.js';
import { EngineError, resolveFfmpeg } from '@rasma/engine';
import type { FastifyBaseLogger } from 'fastify';
import { buildApp } from './app.js';
import { loadConfigOrExit } from './config.js';
import { openDatabase } from './db/client.js';
import { logDestination } from './logger.js';
import { stopOnSignal } from './stop-signals.js';

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  const logStream = await logDestination(config.env, process.stdout);
  const app = await buildApp({ config, database, logStream });
  app.log.info({ database: database.kind, dataDir: config.dataDir }, 'database ready');
  await logFfmpeg(app.log, config.ffmpegPath);
  if (config.publishedSupportEmail === null)
    app.log.warn(
      `SUPPORT_EMAIL is not set: contact messages go to ${config.supportEmail}, which nobody may read.`,
    );

  stopOnSignal(app.log, async () => {
    await app.close();
    await database.close();
  });

  await app.listen({ host: config.host, port: config.port });
  app.log.info(`Rasma is running at ${config.publicUrl}`);
  // A server whose job queue cannot start would take videos it never renders: it stops, as one
  // that could not start at all, for its supervisor to start it again.
  app.jobsStarted().catch(async (err: unknown) => {
    app.log.fatal({ err }, 'the job queue could not start');
    process.exitCode = 1;
    await app.close();
    await database.close();
  });
}

/** Says at start which ffmpeg renders will use; a missing one is a warning, not a failed start. */
async function logFfmpeg(log: FastifyBaseLogger, ffmpegPath: string | undefined): Promise<void> {
  try {
    const ffmpeg = await resolveFfmpeg({ ffmpegPath });
    log.info({ path: ffmpeg.path, source: ffmpeg.source, version: ffmpeg.version }, 'ffmpeg found');
  } catch (err) {
    if (!(err instanceof EngineError)) throw err;
    log.warn({ code: err.code }, `${err.message} Videos cannot be rendered until this is fixed.`);
  }
}

await main();
