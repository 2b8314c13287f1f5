export { freePort } from '../apps/server/src/platform/free-port.js';

/** Ends the process if the whole bench run takes longer than BENCH_MAX_MINUTES (default 60): a bench always stops by itself. */
export function abortAfterMaxMinutes(): NodeJS.Timeout {
  const maxMinutes = Number(process.env.BENCH_MAX_MINUTES ?? 60);
  const guard = setTimeout(() => {
    console.error(`bench: aborted after ${maxMinutes} minutes`);
    process.exit(2);
  }, maxMinutes * 60_000);
  guard.unref();
  return guard;
}
