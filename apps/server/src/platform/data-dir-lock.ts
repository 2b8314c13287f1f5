import fs from 'node:fs';

/**
 * The embedded database's directory belongs to one process at a time. PGlite takes no lock of its own:
 * a second process (a second `npm start`, a script) opening the same directory writes beside the first,
 * and the directory is left unreadable (the next open dies with PGlite's bare "RuntimeError: Aborted()").
 * So, like PostgreSQL's postmaster.pid, a lock file beside the database names its owner: the process id
 * and, on Linux, that process's start time (so a process id reused by another program, or by this one in
 * a restarted container, does not count as the owner). A lock whose owner is gone is taken over.
 */
export class DataDirInUseError extends Error {
  constructor(
    readonly lockFile: string,
    readonly pid: number,
  ) {
    super(
      `The embedded database is in use by another process (pid ${pid}, lock file ${lockFile}). ` +
        'Stop that GasOps first, or give this one its own DATA_DIR. Two processes on one embedded database would corrupt it.',
    );
    this.name = 'DataDirInUseError';
  }
}

type Owner = { pid: number; started: string | null };

/** The lock files this process holds (a second open in the same process is refused too). */
const held = new Set<string>();

/** A process's start time in clock ticks since boot (Linux), or null where /proc does not tell. */
function startTimeOf(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists, owned by another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOwner(lockFile: string): Owner | null {
  try {
    const owner = JSON.parse(fs.readFileSync(lockFile, 'utf8')) as Partial<Owner>;
    return Number.isInteger(owner.pid) && (owner.pid as number) > 0
      ? { pid: owner.pid as number, started: typeof owner.started === 'string' ? owner.started : null }
      : null;
  } catch {
    return null;
  }
}

/** Whether the lock's owner still runs: the same process id, started at the same time where that is known. */
function ownerRuns(owner: Owner): boolean {
  if (owner.pid === process.pid) return false; // not in `held`: left by an earlier life of this pid (a restarted container)
  if (!isAlive(owner.pid)) return false;
  const started = startTimeOf(owner.pid);
  return owner.started == null || started == null || owner.started === started;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** An empty or unreadable lock file younger than this is being written by its owner; older, a crash left it. */
const WRITING_MS = 2_000;

/**
 * Takes the lock file for this process, or throws DataDirInUseError naming its owner. Answers the release
 * (also done when the process exits; a killed process leaves the file, and the next start takes it over).
 */
export async function lockDataDir(lockFile: string): Promise<() => void> {
  if (held.has(lockFile)) throw new DataDirInUseError(lockFile, process.pid);
  const me: Owner = { pid: process.pid, started: startTimeOf(process.pid) };
  for (let attempt = 0; ; attempt++) {
    try {
      fs.writeFileSync(lockFile, JSON.stringify(me), { flag: 'wx' });
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 50) throw err;
    }
    const owner = readOwner(lockFile);
    if (owner && ownerRuns(owner)) throw new DataDirInUseError(lockFile, owner.pid);
    if (!owner && Date.now() - (fs.statSync(lockFile, { throwIfNoEntry: false })?.mtimeMs ?? 0) < WRITING_MS) {
      await sleep(100);
      continue;
    }
    // Left by a process that is gone: moved aside, then taken. Of two processes doing this at once, one
    // moves the stale file; the other finds it gone, and then the winner's lock.
    const aside = `${lockFile}.stale-${process.pid}`;
    try {
      fs.renameSync(lockFile, aside);
    } catch {
      continue;
    }
    const moved = readOwner(aside);
    if (moved && ownerRuns(moved)) {
      // Another process took it over between the read and the move: its lock goes back.
      fs.renameSync(aside, lockFile);
      throw new DataDirInUseError(lockFile, moved.pid);
    }
    fs.rmSync(aside, { force: true });
  }
  held.add(lockFile);
  const onExit = () => release();
  process.once('exit', onExit);
  function release() {
    if (!held.delete(lockFile)) return;
    process.removeListener('exit', onExit);
    // Only our own lock: never a file another process took over meanwhile.
    if (readOwner(lockFile)?.pid === me.pid) fs.rmSync(lockFile, { force: true });
  }
  return release;
}
