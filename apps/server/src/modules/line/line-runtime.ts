import type { FastifyBaseLogger } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.js';
import type { LineConfig } from './line-access.js';
import { rememberChannel } from './channel-cache.js';
import { handleLineEvent } from './handle-line-event.js';
import { LINE_TAKE_STALE_SECONDS, unhandledEvents, type QueuedEvent } from './receive-webhook.js';
import { lineChannels, lineEvents } from './line.schema.js';
import { collectNotices, sendPendingNotices } from './notices.js';
import { runRetention } from './retention.js';

/** How often the scheduled jobs run (0: not scheduled; tests run them by hand). */
export const lineJobTuning = {
  noticeEveryMs: 30_000,
  retentionEveryMs: 24 * 3_600_000,
  retentionFirstMs: 60_000,
  /** The sweep of events another (stopped) process left: every minute, events received 30 s ago or more. */
  sweepEveryMs: 60_000,
  sweepSettledSeconds: 30,
};

/** How many chat rooms' events are handled at once (each room's in order). */
export const LINE_HANDLING_LANES = 4;

/**
 * The in-process queue of stored webhook events: the webhook answers LINE at once and the events are
 * handled here, after the answer. Events of one lane (a chat room, receive-webhook.ts `laneOf`) are
 * handled one at a time in arrival order, so a room's messages keep their order; up to
 * LINE_HANDLING_LANES rooms are handled at once, the rooms taking turns. One queue per database per
 * process; several processes may share a database: an event is taken (`handling_since`, one UPDATE)
 * before it is handled, so only one process handles it. Events left unhandled by a stopped process are
 * picked up at the next start (webhook-routes.ts, onReady) and by any process's sweep (`sweep`).
 */
export class LineRuntime {
  /** Each lane's waiting event ids, in arrival order. */
  private readonly lanes = new Map<string, number[]>();
  /** Lanes with waiting events and none being handled, in the order they became ready. */
  private readonly ready: string[] = [];
  private readonly busy = new Set<string>();
  /** Event ids waiting or being handled here (an id enqueued again by a sweep is not queued twice). */
  private readonly queued = new Set<number>();
  private idle: { promise: Promise<void>; resolve: () => void } | null = null;
  private noticeRun: Promise<{ added: number; sent: number }> | null = null;
  private timers: NodeJS.Timeout[] = [];

  constructor(
    readonly db: Db,
    readonly config: LineConfig,
    private readonly log: FastifyBaseLogger,
  ) {}

  enqueue(events: QueuedEvent[]): void {
    if (events.length === 0) return;
    for (const { id, lane } of events) {
      if (this.queued.has(id)) continue;
      this.queued.add(id);
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

  /** Queues the events a stopped process left (received `settledSeconds` ago or more, not taken by a live process). */
  async sweep(settledSeconds = lineJobTuning.sweepSettledSeconds): Promise<number> {
    const events = await unhandledEvents(this.db, settledSeconds);
    this.enqueue(events);
    return events.length;
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
    every(lineJobTuning.sweepEveryMs, lineJobTuning.sweepEveryMs, () => this.sweep(), 'sweep');
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
        this.queued.delete(id);
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
      // Taken by one UPDATE: another process that took it (and is alive) or handled it already wins.
      const [ev] = await this.db
        .update(lineEvents)
        .set({ handlingSince: sql`now()` })
        .where(
          sql`${lineEvents.id} = ${id} AND ${lineEvents.handledAt} IS NULL
            AND (${lineEvents.handlingSince} IS NULL OR ${lineEvents.handlingSince} < now() - ${LINE_TAKE_STALE_SECONDS}::int * interval '1 second')`,
        )
        .returning();
      if (!ev) return;
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
