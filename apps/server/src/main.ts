/** Starts Jala: one process serving the web app, the API and the MQTT broker on one port. */
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { DataDirInUseError } from './lib/data-dir-lock';
import { installGracefulShutdown } from './lib/graceful-shutdown';
import { seedDemoAccounts } from './seed/demo-accounts';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  let app;
  try {
    app = await buildApp(config);
  } catch (error) {
    if (error instanceof DataDirInUseError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  if (config.seedDemo) await seedDemoAccounts(app.database.db);
  const address = await app.server.listen({ port: config.port, host: config.host });
  console.info(
    `Jala listo en ${address.replace('127.0.0.1', 'localhost')} (datos: ${config.databaseUrl ? 'PostgreSQL' : config.dataDir}${config.redisUrl ? `, nodo ${config.nodeId} con Redis` : ''})`,
  );

  installGracefulShutdown(app);
}

void main();
