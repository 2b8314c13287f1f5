import net from 'node:net';

/** A free TCP port on loopback for a server a bench or the browser tests (e2e/global-setup.ts) start. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

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
