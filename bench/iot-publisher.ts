/**
 * Load generator for bench/iot.ts (runs as its own process so it does not share the server's
 * event loop): `clients` MQTT connections, one per device, publishing QoS 1 readings at a total
 * `rate` per second for `seconds`. Each reading's `ts` is its publish time, so the server side
 * measures publish → committed latency. Prints one JSON line with the counts at the end, and
 * `ackRate`: acknowledgements per second between the warm-up and the end of publishing (the same
 * figure for every broker, so the bare broker's and the app's rates compare within one run).
 *
 *   node --import tsx bench/iot-publisher.ts <url> <clients> <rate> <seconds> <serialPrefix> <auth:0|1> [warmupSeconds]
 */
import mqtt, { type MqttClient } from 'mqtt';

const [
  url = 'mqtt://127.0.0.1:1883',
  clientsArg = '200',
  rateArg = '20000',
  secondsArg = '10',
  prefix = 'BENCH',
  authArg = '1',
  warmupArg = '2',
] = process.argv.slice(2);
const CLIENTS = Number(clientsArg);
const RATE = Number(rateArg);
const SECONDS = Number(secondsArg);
const WARMUP = Math.min(Number(warmupArg), SECONDS / 2);
/**
 * A device's window of unacknowledged publishes (BENCH_INFLIGHT): beyond it a due reading is
 * skipped (counted), as a device that waits for its acknowledgements would. 50 per device is 50,000
 * in flight for 1,000 devices, within the app's ingestion buffer (100,000), so a rate above the
 * app's capacity shows as skipped readings rather than as refused ones.
 */
const MAX_INFLIGHT_PER_CLIENT = Number(process.env.BENCH_INFLIGHT ?? 50);

const serialOf = (i: number) => `${prefix}-${String(i + 1).padStart(5, '0')}`;

async function main() {
  const clients: { c: MqttClient; serial: string; inflight: number; lastTs: number }[] = [];
  for (let i = 0; i < CLIENTS; i++) {
    const serial = serialOf(i);
    const c = await mqtt.connectAsync(url, {
      // The embedded broker accepts only the device id as client id; unique ids for the external broker.
      clientId: authArg === '1' ? serial : `bench-${serial}-${process.pid}`,
      reconnectPeriod: 0,
      ...(authArg === '1' ? { username: serial, password: `bench-secret-${serial}` } : {}),
    });
    clients.push({ c, serial, inflight: 0, lastTs: 0 });
  }
  let sent = 0;
  let acked = 0;
  let errors = 0;
  let skipped = 0;
  const start = Date.now();
  let rr = 0;
  let ackedAtWarmup = -1;
  let ackedAtEnd = 0;
  await new Promise<void>((resolve) => {
    const tick = setInterval(() => {
      const elapsed = (Date.now() - start) / 1000;
      if (ackedAtWarmup < 0 && elapsed >= WARMUP) ackedAtWarmup = acked;
      if (elapsed >= SECONDS) {
        ackedAtEnd = acked;
        clearInterval(tick);
        resolve();
        return;
      }
      const due = Math.floor(RATE * elapsed) - sent - skipped;
      for (let k = 0; k < due; k++) {
        const cl = clients[rr++ % clients.length]!;
        if (cl.inflight >= MAX_INFLIGHT_PER_CLIENT) {
          skipped++;
          continue;
        }
        // Unique device timestamps: never repeat a millisecond for one device.
        const ts = Math.max(Date.now(), cl.lastTs + 1);
        cl.lastTs = ts;
        cl.inflight++;
        sent++;
        cl.c.publish(
          `devices/${cl.serial}/readings`,
          `{"grossGrams":${25000 + (sent % 5000)},"battery":80,"signal":-70,"ts":${ts},"seq":${sent}}`,
          { qos: 1 },
          (err) => {
            cl.inflight--;
            if (err) errors++;
            else acked++;
          },
        );
      }
    }, 5);
  });
  // Wait for outstanding acknowledgements (bounded).
  const deadline = Date.now() + 15_000;
  while (acked + errors < sent && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  const elapsed = (Date.now() - start) / 1000;
  for (const cl of clients) cl.c.end(true);
  const ackRate = Math.round((ackedAtEnd - Math.max(0, ackedAtWarmup)) / (SECONDS - WARMUP));
  process.stdout.write(`${JSON.stringify({ sent, acked, errors, skipped, elapsed, ackRate })}\n`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
