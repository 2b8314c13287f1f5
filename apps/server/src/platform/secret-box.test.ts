import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { openDatabase, type Database } from './db.js';
import { migrate } from './migrate.js';
import { systemSettings } from './platform.schema.js';
import { openSecret, sealSecret } from './secret-box.js';

let database: Database;
beforeAll(async () => {
  database = await openDatabase({ databaseUrl: null, dataDir: '', memory: true });
  await migrate(database);
});
afterAll(async () => {
  await database.close();
});

describe('secret box', () => {
  it('seals and opens with a configured key, and refuses another key, another purpose or an altered value', async () => {
    const db = database.db;
    const sealed = await sealSecret(db, { secretsKey: 'k1' }, 'channel-secret', 'p');
    expect(sealed).not.toContain('channel-secret');
    expect(await openSecret(db, { secretsKey: 'k1' }, sealed, 'p')).toBe('channel-secret');
    await expect(openSecret(db, { secretsKey: 'k2' }, sealed, 'p')).rejects.toThrow();
    await expect(openSecret(db, { secretsKey: 'k1' }, sealed, 'q')).rejects.toThrow();
    const [v, iv, tag, ct] = sealed.split('.');
    const flipped = Buffer.from(ct!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    await expect(openSecret(db, { secretsKey: 'k1' }, [v, iv, tag, flipped.toString('base64url')].join('.'), 'p')).rejects.toThrow();
    // Two seals of the same text differ (random IV).
    expect(await sealSecret(db, { secretsKey: 'k1' }, 'channel-secret', 'p')).not.toBe(sealed);
  });

  it('without a configured key generates one once and keeps it in the database', async () => {
    const db = database.db;
    const sealed = await sealSecret(db, { secretsKey: null }, 'token');
    const [row] = await db.select().from(systemSettings).where(eq(systemSettings.key, 'secrets_key'));
    expect(row?.value).toBeTruthy();
    // A new config object (a restart) reads the same stored key.
    expect(await openSecret(db, { secretsKey: null }, sealed)).toBe('token');
  });
});
