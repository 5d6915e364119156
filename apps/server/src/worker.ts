// First: the process may start itself again with its malloc settings before the rest loads.
import './malloc-settings.js';
// `npm run worker`: a process that only renders videos, beside servers on the same PostgreSQL.
import pino from 'pino';
import { loadConfigOrExit } from './config.js';
import { openDatabase } from './db/client.js';
import { jobsOf } from './jobs/handlers.js';
import { logDestination } from './logger.js';
import { startServices } from './services.js';
import { stopOnSignal } from './stop-signals.js';

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  if (!config.databaseUrl) {
    console.error(
      'npm run worker needs DATABASE_URL: the embedded database serves one process, and the server renders videos itself.',
    );
    process.exit(1);
  }
  const log = pino({ level: config.logLevel }, await logDestination(config.env, process.stdout));
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  const renderWorkers = Math.max(1, config.renderWorkers);
  const services = await startServices(config, database, log, renderWorkers);
  await jobsOf(services, { periodic: false, renderWorkers }).start();
  log.info({ workers: renderWorkers }, 'render worker ready');

  stopOnSignal(log, async () => {
    await services.close();
    await database.close();
  });
}

await main();
