import { buildApp } from './app.js';
import { loadConfig } from './platform/config.js';
import { openDatabase } from './platform/db.js';
import { bootstrapAdmin } from './platform/bootstrap.js';
import { DEMO_PASSWORD, seedDemo } from './platform/demo.js';
import { migrate } from './platform/migrate.js';
import { seedParamDefaults } from './platform/params.js';
import { MODULES } from './modules/index.js';

/** The process: configuration from the environment, database, migrations, first admin, demo data, HTTP. */
async function main() {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const applied = await migrate(database);
  await seedParamDefaults(database.db);
  const admin = await bootstrapAdmin(database.db, config);
  const demo = config.demoData
    ? await seedDemo(
        database.db,
        MODULES.flatMap((m) => (m.seedDemo ? [m.seedDemo] : [])),
        new Date(),
        config,
      )
    : null;

  const app = await buildApp({ config, database, logger: { level: config.logLevel } });
  app.log.info({ database: database.kind, migrationsApplied: applied }, 'database ready');
  if (admin) {
    const line = admin.generatedPassword
      ? `Platform administrator created: account "${admin.account}", password "${admin.generatedPassword}" (shown once; set ADMIN_PASSWORD to choose it).`
      : `Platform administrator created: account "${admin.account}" with the password from ADMIN_PASSWORD.`;
    console.log(`\n  ${line}\n`);
  }
  if (demo) console.log(`  Demo data loaded: accounts manager, staff, driver, inspector (password "${DEMO_PASSWORD}").\n`);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
