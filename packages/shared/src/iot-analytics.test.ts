import { describe, expect, it } from 'vitest';
import {
  averageDailyUsageGrams,
  dropRateGramsPerHour,
  gramsPerDay,
  haversineKm,
  orderReadings,
  residualSummary,
  stepUsage,
  usageOverWindow,
} from './iot-analytics.js';

const H = 3_600_000;
const D = 24 * H;
const T0 = Date.UTC(2025, 0, 1);

describe('stepUsage', () => {
  it('counts a drop as usage, a large rise as a refill and a small rise as noise', () => {
    expect(stepUsage(30000, 29500)).toEqual({ used: 500, refill: false });
    expect(stepUsage(20000, 35000)).toEqual({ used: 0, refill: true });
    expect(stepUsage(30000, 30020)).toEqual({ used: -20, refill: false });
    expect(stepUsage(30000, 31000)).toEqual({ used: 0, refill: true });
  });
});

describe('usageOverWindow', () => {
  it('sums drops across a refill without counting the refill as negative usage', () => {
    // 30.0 → 29.0 → 28.5 (used 1.5 kg), refill to 35.0, → 34.0 (used 1 kg): 2.5 kg in 3 days.
    const readings = [
      { ts: T0, grossGrams: 30000 },
      { ts: T0 + D, grossGrams: 29000 },
      { ts: T0 + 2 * D, grossGrams: 28500 },
      { ts: T0 + 2 * D + H, grossGrams: 35000 },
      { ts: T0 + 3 * D, grossGrams: 34000 },
    ];
    const w = usageOverWindow(readings, T0, T0 + 3 * D);
    expect(w).toMatchObject({ usedGrams: 2500, refills: 1, spanMs: 3 * D });
    expect(gramsPerDay(w.usedGrams, w.spanMs)).toBeCloseTo(2500 / 3, 6);
  });

  it('gives the same answer for out-of-order and duplicated readings', () => {
    const inOrder = [
      { ts: T0, grossGrams: 30000 },
      { ts: T0 + H, grossGrams: 29900 },
      { ts: T0 + 2 * H, grossGrams: 29700 },
      { ts: T0 + 3 * H, grossGrams: 29600 },
    ];
    const shuffled = [inOrder[2]!, inOrder[0]!, inOrder[3]!, inOrder[1]!, { ts: T0 + H, grossGrams: 1 }];
    expect(orderReadings(shuffled).map((r) => r.grossGrams)).toEqual([30000, 29900, 29700, 29600]);
    expect(usageOverWindow(shuffled, T0, T0 + 3 * H).usedGrams).toBe(400);
    expect(usageOverWindow(inOrder, T0, T0 + 3 * H).usedGrams).toBe(400);
  });

  it('counts gas used during a gap in transmission, averaged over the whole observed span', () => {
    // 2 days of silence between 29.0 and 27.0: 3 kg used over 4 days = 750 g/day.
    const readings = [
      { ts: T0, grossGrams: 30000 },
      { ts: T0 + D, grossGrams: 29000 },
      { ts: T0 + 3 * D, grossGrams: 27000 },
      { ts: T0 + 4 * D, grossGrams: 27000 },
    ];
    expect(averageDailyUsageGrams(readings, T0 + 4 * D, 7)).toBeCloseTo(750, 6);
  });

  it('only looks at the last N days and needs at least an hour of data', () => {
    const readings = [
      { ts: T0, grossGrams: 40000 }, // outside the 7-day window below
      { ts: T0 + 8 * D, grossGrams: 30000 },
      { ts: T0 + 10 * D, grossGrams: 29000 },
    ];
    expect(averageDailyUsageGrams(readings, T0 + 10 * D, 7)).toBeCloseTo(500, 6);
    expect(
      averageDailyUsageGrams(
        [
          { ts: T0, grossGrams: 30000 },
          { ts: T0 + 10 * 60_000, grossGrams: 29990 },
        ],
        T0 + H,
        7,
      ),
    ).toBeNull();
  });

  it('nets out scale jitter around a constant weight', () => {
    const jitter = [30000, 30015, 29990, 30005, 30000].map((g, i) => ({ ts: T0 + i * H, grossGrams: g }));
    expect(usageOverWindow(jitter, T0, T0 + 4 * H).usedGrams).toBe(0);
  });
});

describe('residualSummary', () => {
  const base = {
    tareGrams: 15000,
    capacityGrams: 20000,
    battery: 80,
    nowMs: T0,
    densityKgPerL: 0.5,
    offlineMinutes: 30,
    lowGasPercent: 20,
    lowBatteryPercent: 20,
  };
  it('computes remaining kg, percent, litres per day and days left', () => {
    // gross 25 kg − tare 15 kg = 10 kg = 50 % of 20 kg; 1 kg/day = 2 L/day at 0.5 kg/L; 10 days left.
    const s = residualSummary({ ...base, grossGrams: 25000, usageGramsPerDay: 1000, lastSeenMs: T0 - 29 * 60_000 });
    expect(s).toEqual({
      remainingGrams: 10000,
      percent: 50,
      usageLitresPerDay: 2,
      daysLeft: 10,
      online: true,
      lowGas: false,
      lowBattery: false,
    });
  });
  it('never goes below zero, flags low gas under the threshold, offline and low battery', () => {
    const s = residualSummary({ ...base, grossGrams: 14000, usageGramsPerDay: 0, battery: 10, lastSeenMs: T0 - 31 * 60_000 });
    expect(s).toMatchObject({ remainingGrams: 0, percent: 0, daysLeft: null, online: false, lowGas: true, lowBattery: true });
    expect(residualSummary({ ...base, grossGrams: 18999, usageGramsPerDay: null, lastSeenMs: T0 }).lowGas).toBe(true); // 3999 / 20000 = 19.995 %: low, although it displays as 20.0
    expect(residualSummary({ ...base, grossGrams: 19000, usageGramsPerDay: null, lastSeenMs: T0 }).lowGas).toBe(false); // exactly 20 %
  });
  it('has no figures without a reading', () => {
    const s = residualSummary({ ...base, grossGrams: null, usageGramsPerDay: null, battery: null, lastSeenMs: null });
    expect(s).toEqual({
      remainingGrams: null,
      percent: null,
      usageLitresPerDay: null,
      daysLeft: null,
      online: false,
      lowGas: false,
      lowBattery: false,
    });
  });
});

describe('distances and drop rate', () => {
  it('computes great-circle distances', () => {
    // Taipei 101 to Taipei Main Station ≈ 5.0 km; 0.009° of latitude ≈ 1 km.
    expect(haversineKm(25.0339, 121.5645, 25.0478, 121.517)).toBeCloseTo(5.03, 1);
    expect(haversineKm(25, 121.5, 25.009, 121.5)).toBeCloseTo(1.0, 2);
  });
  it('measures a leak over a minimum window', () => {
    expect(dropRateGramsPerHour({ ts: T0, grossGrams: 30000 }, { ts: T0 + 30 * 60_000, grossGrams: 29000 }, 15 * 60_000)).toBe(2000);
    expect(dropRateGramsPerHour({ ts: T0, grossGrams: 30000 }, { ts: T0 + 5 * 60_000, grossGrams: 29000 }, 15 * 60_000)).toBeNull();
  });
});
