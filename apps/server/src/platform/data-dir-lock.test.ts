import { execFile, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DataDirInUseError, lockDataDir } from './data-dir-lock.js';
import { openDatabase, type Database } from './db.js';

const serverRoot = path.resolve(import.meta.dirname, '../..');
let dataDir: string;
let scratch: string;

beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gasops-lock-'));
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'gasops-lock-files-'));
});
afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(scratch, { recursive: true, force: true });
});

/** A process id that ran and is gone. */
function goneProcessId(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

const lockFile = (name: string) => path.join(scratch, `${name}.lock`);

describe('the embedded database directory belongs to one process', () => {
  it('a second opening is refused, naming the owner, while the first holds it; after closing it opens again with its data', async () => {
    const first = await openDatabase({ databaseUrl: null, dataDir });
    await first.exec('create table kept (n int); insert into kept values (7)');
    const second = openDatabase({ databaseUrl: null, dataDir });
    await expect(second).rejects.toBeInstanceOf(DataDirInUseError);
    await expect(second).rejects.toThrow(`pid ${process.pid}`);
    await first.close();
    expect(fs.existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);

    const again: Database = await openDatabase({ databaseUrl: null, dataDir });
    try {
      const rows = (await again.db.execute(sql`select n from kept`)) as unknown as { rows: { n: number }[] };
      expect(rows.rows).toEqual([{ n: 7 }]);
    } finally {
      await again.close();
    }
  }, 120_000);

  it('another process (a second npm start) is refused with a clear message and leaves the database whole', async () => {
    const owner = await openDatabase({ databaseUrl: null, dataDir });
    try {
      const script = `import('./src/platform/db.ts').then((m) => m.openDatabase({ databaseUrl: null, dataDir: ${JSON.stringify(dataDir)} }))
        .then(() => process.exit(0), (err) => { console.error(err.message); process.exit(3); });`;
      const run = promisify(execFile)(process.execPath, ['--import', 'tsx', '-e', script], { cwd: serverRoot });
      const failure = await run.then(
        () => null,
        (err: { code: number; stderr: string }) => err,
      );
      expect(failure?.code).toBe(3);
      expect(failure?.stderr).toContain(`The embedded database is in use by another process (pid ${process.pid}`);
      expect(failure?.stderr).toContain('DATA_DIR');
      // The owner still works on it.
      await owner.exec('create table if not exists kept (n int); insert into kept values (8)');
    } finally {
      await owner.close();
    }
  }, 120_000);

  it('a lock left by a process that is gone is taken over', async () => {
    const file = lockFile('gone');
    fs.writeFileSync(file, JSON.stringify({ pid: goneProcessId(), started: '1' }));
    const release = await lockDataDir(file);
    expect(JSON.parse(fs.readFileSync(file, 'utf8')).pid).toBe(process.pid);
    release();
    expect(fs.existsSync(file)).toBe(false);
  });

  it('a lock naming a running process is refused; the same process id started at another time (reused) is not its owner', async () => {
    const file = lockFile('running');
    const started = fs.readFileSync(`/proc/${process.ppid}/stat`, 'utf8').split(') ')[1]!.split(' ')[19];
    fs.writeFileSync(file, JSON.stringify({ pid: process.ppid, started }));
    await expect(lockDataDir(file)).rejects.toThrow(`pid ${process.ppid}`);
    expect(JSON.parse(fs.readFileSync(file, 'utf8')).pid).toBe(process.ppid); // left as it was

    fs.writeFileSync(file, JSON.stringify({ pid: process.ppid, started: `${started}0` }));
    const release = await lockDataDir(file);
    expect(JSON.parse(fs.readFileSync(file, 'utf8')).pid).toBe(process.pid);
    release();
  });

  it("this process's own id from an earlier life (a restarted container) is taken over; an unreadable old lock too", async () => {
    const file = lockFile('earlier-life');
    fs.writeFileSync(file, JSON.stringify({ pid: process.pid, started: '1' }));
    const release = await lockDataDir(file);
    release();

    fs.writeFileSync(file, '');
    const old = new Date(Date.now() - 60_000);
    fs.utimesSync(file, old, old);
    const release2 = await lockDataDir(file);
    expect(JSON.parse(fs.readFileSync(file, 'utf8')).pid).toBe(process.pid);
    release2();
  });
});
