/**
 * Device simulator: smart scales under customers' cylinders, reporting to a running GasOps server.
 *
 *   npm run simulate -- --devices 5 --interval 10 [--url http://127.0.0.1:3000] [--mqtt mqtt://127.0.0.1:1883]
 *                       [--store <storeId>] [--prefix SIM] [--account admin] [--password <admin password>]
 *                       [--backfill-hours 24] [--speed 1] [--duration <seconds>]
 *
 * Credentials: the simulator logs in as the platform administrator (--password or ADMIN_PASSWORD)
 * and calls POST /api/iot/devices/provision, which creates (or re-keys) `<prefix>-0001`… transferred
 * to the store and returns their secrets once. No secret is derivable or stored anywhere else.
 *
 * Behaviour: household consumption with breakfast/lunch/dinner peaks, scale noise, refills when a
 * cylinder runs low; device 1 develops a leak after two minutes, device 2's battery dies, device 3
 * goes silent after five minutes. `--backfill-hours` first sends that much history (every 10
 * minutes) so the 7-day average and the forecast have data at once; `--speed` multiplies
 * consumption so changes are visible in minutes.
 */
import { parseArgs } from 'node:util';
import mqtt, { type MqttClient } from 'mqtt';
import type { ProvisionedDevices, TransferTargets } from '@gasops/shared';
import { hourlyUseKg } from '../household-usage.js';

const { values: args } = parseArgs({
  options: {
    devices: { type: 'string', default: '5' },
    interval: { type: 'string', default: '10' },
    url: { type: 'string', default: 'http://127.0.0.1:3000' },
    mqtt: { type: 'string' },
    store: { type: 'string' },
    prefix: { type: 'string', default: 'SIM' },
    account: { type: 'string', default: process.env.ADMIN_ACCOUNT ?? 'admin' },
    password: { type: 'string', default: process.env.ADMIN_PASSWORD },
    'backfill-hours': { type: 'string', default: '24' },
    speed: { type: 'string', default: '1' },
    duration: { type: 'string', default: '0' },
  },
});

const N = Math.max(1, Math.min(10000, Number(args.devices)));
const INTERVAL_S = Math.max(0.2, Number(args.interval));
const SPEED = Math.max(0.1, Number(args.speed));
const BACKFILL_H = Math.max(0, Number(args['backfill-hours']));
const base = args.url.replace(/\/$/, '');

type Sim = {
  serial: string;
  secret: string;
  tare: number;
  capacity: number;
  gas: number;
  dailyKg: number;
  battery: number;
  seq: number;
  scenario: 'normal' | 'leak' | 'deadBattery' | 'silent';
  client?: MqttClient;
};

async function api<T>(method: string, path: string, token: string | null, body?: unknown): Promise<T> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', 'accept-language': 'en-US', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

const hourOf = (t: number) =>
  Number(new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Taipei', hour: '2-digit', hour12: false }).format(t)) % 24;

/** Advances one device by `ms` of time ending at `t`; returns its reading (null when it does not transmit). */
function step(sim: Sim, t: number, ms: number, started: number): object | null {
  const hours = ms / 3_600_000;
  let use = hourlyUseKg(hourOf(t), sim.dailyKg) * 1000 * hours * SPEED;
  if (sim.scenario === 'leak' && t - started > 120_000) use += 3000 * hours * Math.max(1, SPEED);
  sim.gas = Math.max(0, sim.gas - use);
  if (sim.gas < 0.03 * sim.capacity && sim.scenario !== 'leak') sim.gas = sim.capacity; // refilled: a new full cylinder
  if (sim.scenario === 'deadBattery' && t >= started) sim.battery = Math.max(0, sim.battery - 2 * Math.max(1, hours * 60));
  else sim.battery = Math.max(5, sim.battery - hours * 0.05);
  if (sim.scenario === 'deadBattery' && sim.battery <= 0) return null;
  if (sim.scenario === 'silent' && t - started > 300_000) return null;
  sim.seq++;
  return {
    grossGrams: Math.round(sim.tare + sim.gas + (Math.random() - 0.5) * 20),
    battery: Math.round(sim.battery),
    signal: -55 - Math.round(Math.random() * 40),
    ts: new Date(t).toISOString(),
    seq: sim.seq,
  };
}

let sent = 0;
let failed = 0;

async function send(sim: Sim, readings: object[]) {
  if (readings.length === 0) return;
  try {
    if (sim.client) {
      await sim.client.publishAsync(`devices/${sim.serial}/readings`, JSON.stringify(readings.length === 1 ? readings[0] : readings), {
        qos: 1,
      });
    } else {
      const res = await fetch(`${base}/api/iot/readings`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Device ${sim.serial}:${sim.secret}` },
        body: JSON.stringify(readings),
      });
      if (!res.ok) throw new Error(`${res.status} ${await res.text()}`);
    }
    sent += readings.length;
  } catch (err) {
    failed += readings.length;
    console.error(`  ${sim.serial}: ${(err as Error).message}`);
  }
}

async function main() {
  if (!args.password) throw new Error('Give the platform administrator password: --password <pw> or ADMIN_PASSWORD=<pw>');
  const { token } = await api<{ token: string }>('POST', '/api/auth/login', null, { account: args.account, password: args.password });
  let storeId = args.store ? Number(args.store) : null;
  if (!storeId) {
    const targets = await api<TransferTargets>('GET', '/api/iot/transfer-targets', token);
    const g = targets.groups.find((x) => x.stores.length > 0);
    if (!g) throw new Error('No store exists yet: create a store group and a store first (or pass --store).');
    storeId = g.stores[0]!.id;
    console.log(`  Store: ${g.stores[0]!.name} (#${storeId}) of ${g.name}`);
  }
  const prov = await api<ProvisionedDevices>('POST', '/api/iot/devices/provision', token, {
    count: N,
    prefix: args.prefix,
    storeId,
  });
  const scenarios: Sim['scenario'][] = ['normal', 'leak', 'deadBattery', 'silent'];
  const sims: Sim[] = prov.devices.map((d, i) => {
    const capacity = 20000;
    return {
      ...d,
      capacity,
      tare: 15000 + Math.round(Math.random() * 2000),
      gas: capacity * (i === 0 ? 0.25 : 0.3 + Math.random() * 0.65),
      dailyKg: 0.5 + Math.random(),
      battery: 60 + Math.random() * 40,
      seq: 0,
      scenario: N >= 4 ? (scenarios[i] ?? 'normal') : 'normal',
    };
  });
  if (args.mqtt) {
    for (const s of sims) {
      s.client = await mqtt.connectAsync(args.mqtt, {
        username: s.serial,
        password: s.secret,
        clientId: s.serial, // the broker accepts only the device id as client id
        reconnectPeriod: 2000,
      });
    }
  }
  console.log(
    `  ${sims.length} simulated devices (${sims.map((s) => s.serial).join(', ')}) sending via ${args.mqtt ? `MQTT ${args.mqtt}` : `HTTP ${base}`}.`,
  );
  console.log('  Install them at customers on the Device install screen (StoreDevice) to see them on the residual gas list.');

  const started = Date.now();
  if (BACKFILL_H > 0) {
    const stepMs = 10 * 60_000;
    for (const s of sims) {
      const batch: object[] = [];
      for (let t = started - BACKFILL_H * 3_600_000; t < started; t += stepMs) {
        const r = step(s, t, stepMs, t + 1e12); // no scenario effects in history
        if (r) batch.push(r);
      }
      for (let i = 0; i < batch.length; i += 500) await send(s, batch.slice(i, i + 500));
    }
    console.log(`  Backfilled ${BACKFILL_H} h of history (${sent} readings).`);
  }
  let last = Date.now();
  const timer = setInterval(() => {
    const now = Date.now();
    const ms = now - last;
    last = now;
    for (const s of sims) {
      const r = step(s, now, ms, started);
      if (r) void send(s, [r]);
    }
  }, INTERVAL_S * 1000);
  const report = setInterval(() => console.log(`  sent ${sent} readings, ${failed} failed`), 60_000);
  const stop = async () => {
    clearInterval(timer);
    clearInterval(report);
    for (const s of sims) await s.client?.endAsync();
    console.log(`  stopped: sent ${sent} readings, ${failed} failed`);
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
  const duration = Number(args.duration);
  if (duration > 0) setTimeout(() => void stop(), duration * 1000);
}

main().catch((err: unknown) => {
  console.error(`  simulator: ${(err as Error).message}`);
  process.exit(1);
});
