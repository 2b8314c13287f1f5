import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db.js';
import { TurnkeyFolderChannel } from './turnkey-channel.js';
import type { UploadChannel } from './upload-channel.js';
import { runUpload, type UploadRun } from './upload-job.js';
import { checkTracks } from './upload-track-check.js';

/** How often the jobs run (0: not scheduled; tests run them by hand). */
export const uploadJobTuning = { uploadEveryMs: 60_000, checkEveryMs: 24 * 3_600_000, checkFirstMs: 60_000 };

/**
 * The invoices module's scheduled work: the upload job (only with a channel, i.e. EINVOICE_TURNKEY_DIR set)
 * and the daily gap / duplicate check of the tracks. Started on the app's `onReady`, stopped on `onClose`
 * (routes.ts); a failing run is logged and the next one tries again. Issuing and voiding never wait on it.
 */
export class UploadRuntime {
  private readonly timers = new Set<NodeJS.Timeout>();
  private stopped = false;
  private uploadRun: Promise<UploadRun> | null = null;

  constructor(
    private readonly db: Db,
    readonly channel: UploadChannel | null,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** One upload run at a time per process; a run asked for while one is going joins it. */
  runUpload(now?: Date): Promise<UploadRun> | null {
    if (!this.channel) return null;
    const channel = this.channel;
    this.uploadRun ??= runUpload(this.db, channel, now).finally(() => {
      this.uploadRun = null;
    });
    return this.uploadRun;
  }

  async runCheck(now?: Date) {
    const out = await checkTracks(this.db, now);
    if (out.problems.length)
      this.log.warn({ problems: out.problems.slice(0, 20), count: out.problems.length }, 'invoice track check found problems');
    else this.log.info({ groups: out.groups }, 'invoice track check: no gaps or duplicates');
    return out;
  }

  /**
   * Schedules the jobs (uploadJobTuning). Each job plans its next run when the last one has ended, so a
   * slow run (a large backlog, a slow Turnkey share) never overlaps the next.
   */
  start(): void {
    this.stopped = false;
    const plan = (delay: number, every: number, job: () => Promise<unknown> | null, name: string) => {
      if (every <= 0) return;
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        void Promise.resolve(job())
          .catch((err: unknown) => this.log.error({ err }, `invoice ${name} job failed`))
          .finally(() => {
            if (!this.stopped) plan(every, every, job, name);
          });
      }, delay);
      timer.unref();
      this.timers.add(timer);
    };
    if (this.channel) plan(uploadJobTuning.uploadEveryMs, uploadJobTuning.uploadEveryMs, () => this.runUpload(), 'upload');
    plan(uploadJobTuning.checkFirstMs, uploadJobTuning.checkEveryMs, () => this.runCheck(), 'track check');
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    await this.uploadRun?.catch(() => undefined);
  }
}

const runtimes = new WeakMap<Db, UploadRuntime>();

/** The runtime of a database (one per app): the Turnkey folder channel when the directory is configured. */
export function uploadRuntimeOf(db: Db, turnkeyDir: string | null, log: FastifyBaseLogger): UploadRuntime {
  let rt = runtimes.get(db);
  if (!rt) {
    rt = new UploadRuntime(db, turnkeyDir ? new TurnkeyFolderChannel(turnkeyDir) : null, log);
    runtimes.set(db, rt);
  }
  return rt;
}
