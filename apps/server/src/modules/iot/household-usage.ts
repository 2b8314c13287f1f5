// A household's gas use through the day: the demo data and the device simulator draw from it.

/** Household use per hour of day (kg/h): breakfast, lunch and dinner peaks. */
export function hourlyUseKg(hour: number, dailyKg: number): number {
  const shape = [0.2, 0.1, 0.1, 0.1, 0.2, 0.6, 1.6, 2.2, 1.2, 0.6, 0.8, 2.0, 2.4, 1.0, 0.5, 0.5, 0.8, 2.2, 2.8, 1.6, 0.9, 0.6, 0.4, 0.3];
  const sum = shape.reduce((a, b) => a + b, 0);
  return (shape[hour % 24]! / sum) * dailyKg;
}
