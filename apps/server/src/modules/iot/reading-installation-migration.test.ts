import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, rowsOfResult, type Database } from '../../platform/db.js';
import { migrate, MIGRATIONS_DIR } from '../../platform/migrate.js';
import { sql } from 'drizzle-orm';

/**
 * Migration 0403 (issue 11, security 1): readings stored before readings had an installation are
 * attributed by time ranges: the installation in force when each was received, if taken at or
 * after its start (never before the device's previous uninstall); the latest state and the usage
 * roll-ups follow their readings.
 */
const MIGRATION = '0403_iot_reading_installation.sql';

let database: Database;
let before: string;

const rows = async <T>(q: ReturnType<typeof sql>) => rowsOfResult<T>(await database.db.execute(q));
const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

beforeAll(async () => {
  database = await openDatabase({ databaseUrl: null, dataDir: '', memory: true });
  // The schema as it was: every migration before this one.
  before = fs.mkdtempSync(path.join(os.tmpdir(), 'gasops-mig-'));
  for (const f of fs.readdirSync(MIGRATIONS_DIR).filter((f) => f < MIGRATION))
    fs.copyFileSync(path.join(MIGRATIONS_DIR, f), path.join(before, f));
  await migrate(database, before);
  // Scale 1: at a customer of group A from 1 March (Taipei), uninstalled on 10 March at 04:00 UTC,
  // recycled and transferred, installed at group B's customer at 06:00 UTC the same day.
  await database.exec(`
    INSERT INTO store_groups (id, name) VALUES (1, 'A'), (2, 'B');
    INSERT INTO stores (id, group_id, name) VALUES (1, 1, 'A store'), (2, 2, 'B store');
    INSERT INTO customers (id, group_id, store_id, name) VALUES (1, 1, 1, 'Alma'), (2, 2, 2, 'Boris');
    INSERT INTO devices (id, serial, group_id, store_id, transferred, transfer_date, secret_hash)
      VALUES (1, 'MIG-1', 2, 2, true, '2025-03-10', 'x'), (2, 'MIG-2', 1, 1, true, '2025-03-01', 'x');
    INSERT INTO store_devices (id, group_id, store_id, device_id, customer_id, install_date, uninstall_date, capacity_grams, tare_grams, created_at, updated_at)
      VALUES (1, 1, 1, 1, 1, '2025-03-01', '2025-03-10', 20000, 15000, '2025-03-01T02:00Z', '2025-03-10T04:00Z'),
             (2, 2, 2, 1, 2, '2025-03-10', NULL, 20000, 15000, '2025-03-10T06:00Z', '2025-03-10T06:00Z'),
             (3, 1, 1, 2, 1, '2025-03-01', '2025-03-20', 20000, 15000, '2025-03-01T02:00Z', '2025-03-20T00:00Z');
    INSERT INTO device_readings (device_id, ts, gross_grams, received_at) VALUES
      (1, '2025-02-28T00:00Z', 30000, '2025-02-28T00:00Z'),    -- before any installation
      (1, '2025-03-02T00:00Z', 30000, '2025-03-02T00:00Z'),    -- A
      (1, '2025-03-05T00:00Z', 29000, '2025-03-05T00:00Z'),    -- A
      (1, '2025-03-10T03:00Z', 28500, '2025-03-10T03:00:05Z'), -- A, just before the uninstall
      (1, '2025-03-10T05:00Z', 28400, '2025-03-10T05:00Z'),    -- installed nowhere
      (1, '2025-03-10T02:30Z', 28600, '2025-03-10T07:00Z'),    -- A's time, arrived while at B: nobody's
      (1, '2025-03-10T08:00Z', 34000, '2025-03-10T08:00Z'),    -- B
      (1, '2025-03-11T08:00Z', 33000, '2025-03-11T08:00Z'),    -- B
      (2, '2025-03-15T00:00Z', 25000, '2025-03-15T00:00Z');    -- scale 2, uninstalled since
    INSERT INTO device_state (device_id, last_ts, gross_grams, last_seen_at, anchor_ts, anchor_gross, reading_count)
      VALUES (1, '2025-03-11T08:00Z', 33000, '2025-03-11T08:00Z', '2025-03-11T08:00Z', 33000, 8),
             (2, '2025-03-15T00:00Z', 25000, '2025-03-15T00:00Z', '2025-03-15T00:00Z', 25000, 1);
    INSERT INTO device_usage_daily (device_id, day, used_grams, refills, first_ts, last_ts)
      VALUES (1, '2025-03-10', 99999, 1, '2025-03-05T00:00Z', '2025-03-10T08:00Z');
  `);
  expect(await migrate(database)).toContain(MIGRATION);
});
afterAll(async () => {
  await database.close();
  fs.rmSync(before, { recursive: true, force: true });
});

describe('migration 0403: readings attributed to installations', () => {
  it("starts each installation at its install date (group's calendar), never before the previous uninstall", async () => {
    const sd = await rows<{ id: number; installed_from: Date | string; uninstalled_at: Date | string | null }>(
      sql`select id, installed_from, uninstalled_at from store_devices order by id`,
    );
    expect(sd.map((r) => [r.id, iso(r.installed_from), iso(r.uninstalled_at)])).toEqual([
      [1, '2025-02-28T16:00:00.000Z', '2025-03-10T04:00:00.000Z'],
      [2, '2025-03-10T04:00:00.000Z', null],
      [3, '2025-02-28T16:00:00.000Z', '2025-03-20T00:00:00.000Z'],
    ]);
  });

  it('attributes each reading to the installation in force when it was received, from its start', async () => {
    const r = await rows<{ ts: Date | string; store_device_id: number | null }>(
      sql`select ts, store_device_id from device_readings where device_id = 1 order by ts`,
    );
    expect(r.map((x) => [iso(x.ts), x.store_device_id])).toEqual([
      ['2025-02-28T00:00:00.000Z', null],
      ['2025-03-02T00:00:00.000Z', 1],
      ['2025-03-05T00:00:00.000Z', 1],
      ['2025-03-10T02:30:00.000Z', null],
      ['2025-03-10T03:00:00.000Z', 1],
      ['2025-03-10T05:00:00.000Z', null],
      ['2025-03-10T08:00:00.000Z', 2],
      ['2025-03-11T08:00:00.000Z', 2],
    ]);
  });

  it('gives the latest state to its reading’s installation while in force and recomputes usage per installation', async () => {
    expect(await rows(sql`select device_id, store_device_id from device_state order by device_id`)).toEqual([
      { device_id: 1, store_device_id: 2 },
      { device_id: 2, store_device_id: null },
    ]);
    expect(await rows(sql`select store_device_id from device_readings where device_id = 2`)).toEqual([{ store_device_id: 3 }]);
    const u = await rows<{ store_device_id: number; day: string | Date; used_grams: number; refills: number }>(
      sql`select store_device_id, day::text as day, used_grams, refills from device_usage_daily order by store_device_id, day`,
    );
    expect(u).toEqual([
      { store_device_id: 1, day: '2025-03-05', used_grams: 1000, refills: 0 },
      { store_device_id: 1, day: '2025-03-10', used_grams: 500, refills: 0 },
      { store_device_id: 2, day: '2025-03-11', used_grams: 1000, refills: 0 },
    ]);
  });

  it('stops a state naming its installation when the installation is uninstalled (or deleted)', async () => {
    await database.exec(`UPDATE store_devices SET uninstall_date = '2025-04-01' WHERE id = 2`);
    expect(await rows(sql`select store_device_id from device_state where device_id = 1`)).toEqual([{ store_device_id: null }]);
  });
});
