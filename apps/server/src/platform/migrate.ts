import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from './db.js';

export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, '../../migrations');

/**
 * Applies `migrations/NNNN_name.sql` in name order, each once, each in its own transaction,
 * recording it in schema_migrations. Hand-written SQL (not drizzle-kit output) because several
 * modules add migrations in parallel and numbered files merge without snapshot conflicts.
 */
export async function migrate(database: Database, dir = MIGRATIONS_DIR): Promise<string[]> {
  const files = fs
    .readdirSync(dir)
    .filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f))
    .sort();
  return database.withMigrationLock(async () => {
    await database.exec(
      'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const rows = await database.db.execute<{ name: string }>(sql`select name from schema_migrations`);
    const done = new Set((rows as unknown as { rows: { name: string }[] }).rows.map((r) => r.name));
    const applied: string[] = [];
    for (const file of files) {
      if (done.has(file)) continue;
      await database.applyMigration(file, fs.readFileSync(path.join(dir, file), 'utf8'));
      applied.push(file);
    }
    return applied;
  });
}
