import net from 'node:net';

/**
 * A free TCP port on loopback, for a server started next (the local Mosquitto of the IoT tests, the app a
 * bench or the browser tests start, bench/harness.ts).
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}
