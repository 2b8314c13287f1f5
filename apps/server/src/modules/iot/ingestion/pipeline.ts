import type { FastifyBaseLogger } from 'fastify';
import type { IotMetrics } from '@gasops/shared';
import type { Db } from '../../../platform/db.js';
import { evaluateAlerts } from './evaluate-alerts.js';
import { writeBatch, type Reading } from './write-batch.js';

/** The counters `GET /iot/metrics` answers (its contract is their one definition). */
type IngestMetrics = IotMetrics['ingestion'];

export type PipelineOptions = {
  /** Longest a reading waits in the buffer before a flush (ms). */
  flushMs?: number;
  /** A flush starts at once when this many readings are waiting. */
  maxBatch?: number;
  /** Beyond this many waiting readings new submissions are refused (HTTP 503 / MQTT disconnect). */
  maxPending?: number;
  /** Flushes running at the same time, one per lane of devices (1 for PGlite: one connection). */
  concurrency?: number;
  /**
   * A device's alerts are evaluated with its readings at most once per this many ms; devices
   * skipped meanwhile are evaluated by a timer, so an alert is never later than this.
   */
  alertIntervalMs?: number;
  log?: FastifyBaseLogger;
  /** Called after each committed batch (benchmarks measure publish → visible latency with it). */
  onFlushed?: (rows: readonly Reading[], committedAt: number) => void;
};

type Ticket = { readings: Reading[]; resolve: () => void; reject: (err: Error) => void };

export class OverloadedError extends Error {
  constructor() {
    super('ingestion buffer full');
  }
}

/**
 * Batched, idempotent storage of readings. Producers (MQTT broker, external subscription, HTTP
 * route) `submit` readings and get a promise that settles once they are committed, so an MQTT
 * PUBACK or an HTTP 200 is only sent for stored data. A buffer is flushed every `flushMs` or as soon
 * as `maxBatch` readings wait; each flush is one transaction: a multi-row insert with ON CONFLICT DO
 * NOTHING on (device, device timestamp), the latest-state rows, the daily usage roll-ups and the
 * alert evaluation of the devices in the batch.
 */
export class IngestPipeline {
  readonly metrics: IngestMetrics = {
    received: 0,
    stored: 0,
    duplicates: 0,
    late: 0,
    notInstalled: 0,
    malformed: 0,
    unauthorised: 0,
    unknownDevice: 0,
    overloaded: 0,
    batches: 0,
    flushErrors: 0,
    lastBatchSize: 0,
    lastFlushMs: 0,
    pending: 0,
  };
  /** One queue per lane; a device always maps to the same lane, so concurrent flushes never wait on each other's row locks. */
  private lanes: Ticket[][] = [];
  private laneBusy: boolean[] = [];
  private timer: NodeJS.Timeout | null = null;
  private inflight = new Set<Promise<void>>();
  private closed = false;
  private readonly flushMs: number;
  private readonly maxBatch: number;
  private readonly maxPending: number;
  private readonly concurrency: number;
  private readonly alertIntervalMs: number;
  private lastEval = new Map<number, number>();
  private dirty = new Set<number>();
  private alertTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Db,
    private readonly opts: PipelineOptions = {},
  ) {
    this.flushMs = opts.flushMs ?? 50;
    this.maxBatch = opts.maxBatch ?? 5000;
    this.maxPending = opts.maxPending ?? 100_000;
    this.concurrency = Math.max(1, opts.concurrency ?? 1);
    this.lanes = Array.from({ length: this.concurrency }, () => []);
    this.laneBusy = Array.from({ length: this.concurrency }, () => false);
    this.alertIntervalMs = opts.alertIntervalMs ?? 5000;
  }

  /** The devices of a batch whose alerts are due now; the others are remembered for the timer. */
  private dueForAlerts = (ids: number[]): number[] => {
    if (this.alertIntervalMs <= 0) return ids;
    const now = Date.now();
    const due: number[] = [];
    for (const id of ids) {
      const last = this.lastEval.get(id);
      if (last === undefined || now - last >= this.alertIntervalMs) {
        this.lastEval.set(id, now);
        this.dirty.delete(id);
        due.push(id);
      } else this.dirty.add(id);
    }
    if (this.lastEval.size > 200_000) this.lastEval.clear();
    if (this.dirty.size > 0 && !this.alertTimer) {
      this.alertTimer = setTimeout(() => {
        this.alertTimer = null;
        void this.evaluateDirty();
      }, this.alertIntervalMs);
    }
    return due;
  };

  private async evaluateDirty(): Promise<void> {
    const ids = [...this.dirty];
    this.dirty.clear();
    if (ids.length === 0) return;
    const now = Date.now();
    for (const id of ids) this.lastEval.set(id, now);
    await this.db
      .transaction((tx) => evaluateAlerts(tx, ids))
      .catch((err: unknown) => {
        this.opts.log?.error({ err }, 'iot alert evaluation failed');
        for (const id of ids) this.dirty.add(id);
      });
  }

  /** Counts a rejected payload (malformed, unauthorised, unknown device) and logs it. */
  reject(kind: 'malformed' | 'unauthorised' | 'unknownDevice', info: Record<string, unknown>): void {
    this.metrics[kind]++;
    this.opts.log?.warn({ iot: kind, ...info }, `iot reading rejected: ${kind}`);
  }

  /** Whether `n` more readings would be buffered now (not closed, not over `maxPending`). */
  accepting(n: number): boolean {
    return !this.closed && this.metrics.pending + n <= this.maxPending;
  }

  submit(readings: Reading[]): Promise<void> {
    if (readings.length === 0) return Promise.resolve();
    if (this.closed) return Promise.reject(new Error('ingestion closed'));
    if (this.metrics.pending + readings.length > this.maxPending) {
      this.metrics.overloaded += readings.length;
      return Promise.reject(new OverloadedError());
    }
    this.metrics.received += readings.length;
    this.metrics.pending += readings.length;
    return new Promise<void>((resolve, reject) => {
      this.lanes[readings[0]!.deviceId % this.concurrency]!.push({ readings, resolve, reject });
      this.schedule();
    });
  }

  private queued(): boolean {
    return this.lanes.some((l) => l.length > 0);
  }

  private schedule(): void {
    if (this.metrics.pending >= this.maxBatch) {
      this.kick();
    } else if (!this.timer && this.queued()) {
      this.timer = setTimeout(() => {
        this.timer = null;
        this.kick();
      }, this.flushMs);
    }
  }

  private kick(): void {
    for (let lane = 0; lane < this.lanes.length; lane++) {
      const queue = this.lanes[lane]!;
      if (this.laneBusy[lane] || queue.length === 0) continue;
      // Count first, then one splice: shift() per ticket is quadratic on a long backlog.
      let k = 0;
      let n = 0;
      while (k < queue.length && (n === 0 || n + queue[k]!.readings.length <= this.maxBatch)) n += queue[k++]!.readings.length;
      const tickets = queue.splice(0, k);
      this.metrics.pending -= n;
      this.laneBusy[lane] = true;
      const p = this.runBatch(tickets).finally(() => {
        this.laneBusy[lane] = false;
        this.inflight.delete(p);
        if (this.queued()) this.schedule();
      });
      this.inflight.add(p);
    }
    if (!this.queued() && this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
  }

  private async runBatch(tickets: Ticket[]): Promise<void> {
    const rows = tickets.flatMap((t) => t.readings);
    const started = performance.now();
    try {
      const result = await this.db.transaction((tx) => writeBatch(tx, rows, this.dueForAlerts));
      this.metrics.stored += result.inserted;
      this.metrics.duplicates += rows.length - result.inserted;
      this.metrics.late += result.late;
      this.metrics.notInstalled += result.notInstalled;
      this.metrics.batches++;
      this.metrics.lastBatchSize = rows.length;
      this.metrics.lastFlushMs = Math.round(performance.now() - started);
      this.opts.onFlushed?.(rows, Date.now());
      for (const t of tickets) t.resolve();
    } catch (err) {
      this.metrics.flushErrors++;
      this.opts.log?.error({ err, rows: rows.length }, 'iot batch write failed');
      for (const t of tickets) t.reject(err instanceof Error ? err : new Error(String(err)));
    }
  }

  /** Writes everything waiting now and waits for running flushes. */
  async flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    while (this.queued() || this.inflight.size > 0) {
      this.kick();
      await Promise.allSettled([...this.inflight]);
    }
  }

  /** Stops accepting readings and stores what is pending (call before the database closes). */
  async close(): Promise<void> {
    this.closed = true;
    await this.flush();
    if (this.alertTimer) clearTimeout(this.alertTimer);
    this.alertTimer = null;
    await this.evaluateDirty();
  }
}
