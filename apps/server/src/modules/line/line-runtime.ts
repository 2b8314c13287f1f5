import type { FastifyBaseLogger } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db.js';
import type { LineConfig } from './line-access.js';
import { rememberChannel } from './channel-cache.js';
import { handleLineEvent } from './handle-line-event.js';
import type { QueuedEvent } from './receive-webhook.js';
import { lineChannels, lineEvents } from './line.schema.js';
import { collectNotices, sendPendingNotices } from './notices.js';
import { runRetention } from './retention.js';

/** How often the scheduled jobs run (0: not scheduled; tests run them by hand). */
export const lineJobTuning = { noticeEveryMs: 30_000, retentionEveryMs: 24 * 3_600_000, retentionFirstMs: 60_000 };

/** How many chat rooms' events are handled at once (each room's in order). */
export const LINE_HANDLING_LANES = 4;

/**
 * The in-process queue of stored webhook events: the webhook answers LINE at once and the events are
 * handled here, after the answer. Events of one lane (a chat room, receive-webhook.ts `laneOf`) are
 * handled one at a time in arrival order, so a room's messages keep their order; up to
 * LINE_HANDLING_LANES rooms are handled at once, the rooms taking turns. Events left unhandled by a stop
 * are picked up at the next start (webhook-routes.ts, onReady). One queue per database.
 */
export class LineRuntime {
  /** Each lane's waiting event ids, in arrival order. */
  private readonly lanes = new Map<string, number[]>();
  /** Lanes with waiting events and none being handled, in the order they became ready. */
  private readonly ready: string[] = [];
  private readonly busy = new Set<string>();
  private idle: { promise: Promise<void>; resolve: () => void } | null = null;
  private noticeRun: Promise<{ added: number; sent: number }> | null = null;
  private timers: NodeJS.Timeout[] = [];

  constructor(
    private readonly db: Db,
    private readonly config: LineConfig,
    private readonly log: FastifyBaseLogger,
  ) {}

  enqueue(events: QueuedEvent[]): void {
    if (events.length === 0) return;
    for (const { id, lane } of events) {
      const waiting = this.lanes.get(lane);
      if (waiting) waiting.push(id);
      else {
        this.lanes.set(lane, [id]);
        if (!this.busy.has(lane)) this.ready.push(lane);
      }
    }
    // Yield first, so the webhook's answer goes out before the handling starts.
    setImmediate(() => this.pump());
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
    if (this.busy.size === 0 && this.lanes.size === 0) return;
    this.idle ??= (() => {
      let resolve!: () => void;
      const promise = new Promise<void>((r) => (resolve = r));
      return { promise, resolve };
    })();
    await this.idle.promise;
  }

  /** Starts the next lanes' events while fewer than LINE_HANDLING_LANES are being handled. */
  private pump(): void {
    while (this.busy.size < LINE_HANDLING_LANES && this.ready.length > 0) {
      const lane = this.ready.shift()!;
      const waiting = this.lanes.get(lane)!;
      const id = waiting.shift()!;
      if (waiting.length === 0) this.lanes.delete(lane);
      this.busy.add(lane);
      void this.handle(id).finally(() => {
        this.busy.delete(lane);
        // The room's next event waits its turn behind the other ready rooms.
        if (this.lanes.has(lane)) this.ready.push(lane);
        this.pump();
        if (this.busy.size === 0 && this.lanes.size === 0 && this.idle) {
          this.idle.resolve();
          this.idle = null;
        }
      });
    }
  }

  private async handle(id: number): Promise<void> {
    try {
      const [ev] = await this.db.select().from(lineEvents).where(eq(lineEvents.id, id));
      if (!ev || ev.handledAt) return;
      const [channel] = await rememberChannel(this.db, `id:${ev.channelId}`, () =>
        this.db.select().from(lineChannels).where(eq(lineChannels.id, ev.channelId)),
      );
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
