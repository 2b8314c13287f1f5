/**
 * Residual gas analytics (module 5), pure and unit-tested. Weights are integer grams, times epoch
 * milliseconds. The server's ingestion pipeline applies `stepUsage` incrementally per reading and
 * the detail view applies `usageOverWindow` to raw readings: both follow the same rule.
 */

export type GasReading = { ts: number; grossGrams: number };

/** A rise of at least this much between two readings is a refill / cylinder swap, not negative usage. */
const REFILL_MIN_GRAMS = 1000;
/** Below this much observed time, a daily average would be extrapolated from noise: none is given. */
const MIN_USAGE_SPAN_MS = 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Gas used between two consecutive readings. A large rise is a refill (counts nothing); a small
 * rise is scale noise and is subtracted, so jitter around a constant weight sums to zero.
 */
export function stepUsage(prevGross: number, curGross: number, refillMinGrams = REFILL_MIN_GRAMS): { used: number; refill: boolean } {
  if (curGross - prevGross >= refillMinGrams) return { used: 0, refill: true };
  return { used: prevGross - curGross, refill: false };
}

/** Sorted by time, one reading per timestamp (the first received wins, like the database's key). */
export function orderReadings(readings: readonly GasReading[]): GasReading[] {
  const seen = new Set<number>();
  const out: GasReading[] = [];
  for (const r of readings) {
    if (seen.has(r.ts)) continue;
    seen.add(r.ts);
    out.push(r);
  }
  return out.sort((a, b) => a.ts - b.ts);
}

export type WindowUsage = { usedGrams: number; spanMs: number; refills: number; firstTs: number | null; lastTs: number | null };

/** Consumption between `fromMs` and `toMs` (inclusive), tolerant of out-of-order input and gaps. */
export function usageOverWindow(
  readings: readonly GasReading[],
  fromMs: number,
  toMs: number,
  refillMinGrams = REFILL_MIN_GRAMS,
): WindowUsage {
  const rows = orderReadings(readings).filter((r) => r.ts >= fromMs && r.ts <= toMs);
  let used = 0;
  let refills = 0;
  for (let i = 1; i < rows.length; i++) {
    const s = stepUsage(rows[i - 1]!.grossGrams, rows[i]!.grossGrams, refillMinGrams);
    used += s.used;
    if (s.refill) refills++;
  }
  const first = rows[0]?.ts ?? null;
  const last = rows[rows.length - 1]?.ts ?? null;
  return { usedGrams: used, spanMs: first !== null && last !== null ? last - first : 0, refills, firstTs: first, lastTs: last };
}

/** Average grams per day from a used amount over an observed span; null when the span is too short. */
export function gramsPerDay(usedGrams: number, spanMs: number): number | null {
  if (spanMs < MIN_USAGE_SPAN_MS) return null;
  return Math.max(0, usedGrams) / (spanMs / DAY_MS);
}

/** Average daily usage over the last `days` days before `nowMs`. */
export function averageDailyUsageGrams(
  readings: readonly GasReading[],
  nowMs: number,
  days: number,
  refillMinGrams = REFILL_MIN_GRAMS,
): number | null {
  const w = usageOverWindow(readings, nowMs - days * DAY_MS, nowMs, refillMinGrams);
  return gramsPerDay(w.usedGrams, w.spanMs);
}

const gramsToLitres = (grams: number, densityKgPerL: number) => grams / 1000 / densityKgPerL;

export type ResidualInput = {
  grossGrams: number | null;
  tareGrams: number;
  capacityGrams: number;
  usageGramsPerDay: number | null;
  battery: number | null;
  lastSeenMs: number | null;
  nowMs: number;
  densityKgPerL: number;
  offlineMinutes: number;
  lowGasPercent: number;
  lowBatteryPercent: number;
};

export type ResidualSummary = {
  remainingGrams: number | null;
  percent: number | null;
  usageLitresPerDay: number | null;
  daysLeft: number | null;
  online: boolean;
  lowGas: boolean;
  lowBattery: boolean;
};

/** Remaining kg = max(0, gross − tare); percent of capacity; forecast days = remaining / daily usage. */
export function residualSummary(i: ResidualInput): ResidualSummary {
  const remainingGrams = i.grossGrams === null ? null : Math.max(0, i.grossGrams - i.tareGrams);
  const percent = remainingGrams === null || i.capacityGrams <= 0 ? null : Math.round((remainingGrams / i.capacityGrams) * 1000) / 10;
  const usage = i.usageGramsPerDay;
  return {
    remainingGrams,
    percent,
    usageLitresPerDay: usage === null ? null : Math.round(gramsToLitres(usage, i.densityKgPerL) * 100) / 100,
    daysLeft: remainingGrams === null || usage === null || usage <= 0 ? null : Math.round((remainingGrams / usage) * 10) / 10,
    online: i.lastSeenMs !== null && i.nowMs - i.lastSeenMs < i.offlineMinutes * 60_000,
    lowGas: remainingGrams !== null && i.capacityGrams > 0 && remainingGrams * 100 < i.lowGasPercent * i.capacityGrams,
    lowBattery: i.battery !== null && i.battery < i.lowBatteryPercent,
  };
}

/** Great-circle distance in km (the server computes the same in SQL; this one is for tests and the client). */
export function haversineKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const r = (d: number) => (d * Math.PI) / 180;
  const a = Math.sin(r(lat2 - lat1) / 2) ** 2 + Math.cos(r(lat1)) * Math.cos(r(lat2)) * Math.sin(r(lon2 - lon1) / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** Leak rate (grams per hour) between an anchor and a later reading; null while the window is shorter than `minWindowMs`. */
export function dropRateGramsPerHour(anchor: GasReading, cur: GasReading, minWindowMs: number): number | null {
  const dt = cur.ts - anchor.ts;
  if (dt < minWindowMs || dt <= 0) return null;
  return ((anchor.grossGrams - cur.grossGrams) / dt) * 3_600_000;
}
