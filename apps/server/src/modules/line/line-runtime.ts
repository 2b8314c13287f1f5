import type { FastifyBaseLogger } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db.js';
import type { LineConfig } from './line-access.js';
import { handleLineEvent } from './handle-line-event.js';
import { lineChannels, lineEvents } from './line.schema.js';
import { collectNotices, sendPendingNotices } from './notices.js';
import { runRetention } from './retention.js';

/** How often the scheduled jobs run (0: not scheduled; tests run them by hand). */
export const lineJobTuning = { noticeEveryMs: 30_000, retentionEveryMs: 24 * 3_600_000, retentionFirstMs: 60_000 };

/**
 * The in-process queue of stored webhook events: the webhook answers LINE at once and the events are
 * handled here, one at a time in arrival order (a room's messages keep their order). Events left
 * unhandled by a stop are picked up at the next start (routes.ts, onReady). One queue per database.
 */
export class LineRuntime {
  private readonly queue: number[] = [];
  private running: Promise<void> | null = null;
  private noticeRun: Promise<{ added: number; sent: number }> | null = null;
  private timers: NodeJS.Timeout[] = [];

  constructor(
    private readonly db: Db,
    private readonly config: LineConfig,
    private readonly log: FastifyBaseLogger,
  ) {}

  enqueue(ids: number[]): void {
    if (ids.length === 0) return;
    this.queue.push(...ids);
    this.running ??= this.drain().finally(() => {
      this.running = null;
    });
  }

  /**
   * The notice job (notices.ts): collects what happened to linked customers and pushes the pending
   * notices. One run at a time per process; a run asked for while one is going joins it.
   */
  runNotices(): Promise<{ added: number; sent: number }> {
    this.noticeRun ??= (async () => {
      const added = await collectNotices(this.db, this.config);
      const sent = await sendPendingNotices(this.db, this.config);
      return { added, sent };
    })().finally(() => {
      this.noticeRun = null;
    });
    return this.noticeRun;
  }

  /** The daily retention job (retention.ts). */
  runRetention(now?: Date) {
    return runRetention(this.db, now);
  }

  /** Schedules the jobs (lineJobTuning); failures are logged and the next run tries again. */
  startJobs(): void {
    const every = (ms: number, first: number, job: () => Promise<unknown>, name: string) => {
      if (ms <= 0) return;
      const run = () => void job().catch((err: unknown) => this.log.error({ err }, `LINE ${name} job failed`));
      const t1 = setTimeout(run, first);
      const t2 = setInterval(run, ms);
      t1.unref();
      t2.unref();
      this.timers.push(t1, t2);
    };
    every(lineJobTuning.noticeEveryMs, lineJobTuning.noticeEveryMs, () => this.runNotices(), 'notice');
    every(lineJobTuning.retentionEveryMs, lineJobTuning.retentionFirstMs, () => this.runRetention(), 'retention');
  }

  async stopJobs(): Promise<void> {
    for (const t of this.timers) clearTimeout(t);
    this.timers = [];
    await this.noticeRun?.catch(() => undefined);
  }

  /** Resolves once every queued event is handled (tests, and a graceful close). */
  async whenIdle(): Promise<void> {
    while (this.running) await this.running;
  }

  private async drain(): Promise<void> {
    // Yield first, so the webhook's answer goes out before the handling starts.
    await new Promise((r) => setImmediate(r));
    for (let id = this.queue.shift(); id !== undefined; id = this.queue.shift()) await this.handle(id);
  }

  private async handle(id: number): Promise<void> {
    try {
      const [ev] = await this.db.select().from(lineEvents).where(eq(lineEvents.id, id));
      if (!ev || ev.handledAt) return;
      const [channel] = await this.db.select().from(lineChannels).where(eq(lineChannels.id, ev.channelId));
      if (channel) await handleLineEvent(this.db, this.config, channel, ev.payload);
      await this.db.update(lineEvents).set({ handledAt: new Date(), error: null }).where(eq(lineEvents.id, id));
    } catch (err) {
      // Kept with its error and not retried: a customer should not get the same auto-reply twice.
      this.log.error({ err, lineEventId: id }, 'LINE event handling failed');
      await this.db
        .update(lineEvents)
        .set({ handledAt: new Date(), error: String((err as Error)?.message ?? err).slice(0, 500) })
        .where(eq(lineEvents.id, id))
        .catch(() => undefined);
    }
  }
}

const runtimes = new WeakMap<Db, LineRuntime>();

export function lineRuntimeOf(db: Db, config: LineConfig, log: FastifyBaseLogger): LineRuntime {
  let rt = runtimes.get(db);
  if (!rt) {
    rt = new LineRuntime(db, config, log);
    runtimes.set(db, rt);
  }
  return rt;
}

/** The queue of a database, when the LINE routes were mounted on it (tests wait on it). */
export const existingLineRuntime = (db: Db): LineRuntime | undefined => runtimes.get(db);
