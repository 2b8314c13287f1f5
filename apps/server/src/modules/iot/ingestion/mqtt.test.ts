import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import mqtt from 'mqtt';
import { createTestApp, type Tenant, type TestApp } from '../../../../test/helpers.js';
import { customers } from '../../customers/customers.schema.js';
import { deviceReadings } from '../iot.schema.js';
import { startExternalSubscriber } from './broker.js';
import { findMosquitto, startLocalMosquitto } from './local-mosquitto.js';
import { iotRuntime, iotTuning } from './runtime.js';

async function provision(t: TestApp, tenant: Tenant, serial: string) {
  const { device, secret } = (await t.admin.post('/api/iot/devices', { serial })).json();
  await t.admin.post(`/api/iot/devices/${device.id}/transfer`, {
    groupId: tenant.groupId,
    storeId: tenant.storeIds[0],
    transferDate: '2025-01-01',
  });
  const [c] = await t.db
    .insert(customers)
    .values({ groupId: tenant.groupId, storeId: tenant.storeIds[0], name: `Customer of ${serial}` })
    .returning();
  const inst = await tenant.manager.post('/api/iot/store-devices', {
    deviceId: device.id,
    customerId: c!.id,
    installDate: '2025-01-02',
    capacityKg: 20,
    tareKg: 15,
  });
  expect(inst.statusCode).toBe(200);
  return { id: device.id as number, serial, secret: secret as string };
}

const countOf = async (t: TestApp, deviceId: number) =>
  (
    (await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(deviceReadings)
      .where(eq(deviceReadings.deviceId, deviceId))) as [{ n: number }]
  )[0].n;

describe('embedded MQTT broker (aedes) with a real MQTT client', () => {
  let t: TestApp;
  let tenant: Tenant;
  let dev: { id: number; serial: string; secret: string };
  let url: string;
  beforeAll(async () => {
    t = await createTestApp({ mqttEnabled: true, mqttPort: 0 });
    tenant = await t.tenant('MQTT group');
    dev = await provision(t, tenant, 'MQ-1');
    const port = iotRuntime(t.app).mqttPort;
    expect(port).toBeGreaterThan(0);
    url = `mqtt://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    await t.close();
  });

  it('stores a QoS 1 reading before the PUBACK reaches the device', async () => {
    const client = await mqtt.connectAsync(url, { clientId: dev.serial, username: dev.serial, password: dev.secret, reconnectPeriod: 0 });
    const ts = Date.now();
    await client.publishAsync(
      `devices/${dev.serial}/readings`,
      JSON.stringify({ grossGrams: 31000, battery: 88, signal: -67, ts, seq: 1 }),
      { qos: 1 },
    );
    // No waiting: the acknowledgement means the row is committed.
    expect(await countOf(t, dev.id)).toBe(1);
    // An array of readings in one message, one of them a re-send: idempotent.
    await client.publishAsync(
      `devices/${dev.serial}/readings`,
      JSON.stringify([
        { grossGrams: 31000, ts, seq: 1 },
        { grossGrams: 30900, ts: ts + 60_000, seq: 2 },
      ]),
      { qos: 1 },
    );
    expect(await countOf(t, dev.id)).toBe(2);
    const list = (await tenant.manager.get('/api/iot/residual-gas')).json();
    expect(list.items[0]).toMatchObject({ serial: 'MQ-1', grossGrams: 30900, remainingGrams: 15900, online: true });
    await client.endAsync();
  });

  it('refuses a wrong password and counts it', async () => {
    const before = iotRuntime(t.app).pipeline.metrics.unauthorised;
    await expect(
      mqtt.connectAsync(url, { clientId: dev.serial, username: dev.serial, password: 'nope', reconnectPeriod: 0 }),
    ).rejects.toThrow();
    expect(iotRuntime(t.app).pipeline.metrics.unauthorised).toBe(before + 1);
  });

  it('acknowledges and drops a malformed payload without storing it; the broker keeps running', async () => {
    const client = await mqtt.connectAsync(url, { clientId: dev.serial, username: dev.serial, password: dev.secret, reconnectPeriod: 0 });
    const before = iotRuntime(t.app).pipeline.metrics.malformed;
    const n = await countOf(t, dev.id);
    await client.publishAsync(`devices/${dev.serial}/readings`, 'not json', { qos: 1 });
    await client.publishAsync(`devices/${dev.serial}/readings`, JSON.stringify({ grossGrams: -5, ts: Date.now() }), { qos: 1 });
    expect(iotRuntime(t.app).pipeline.metrics.malformed).toBe(before + 2);
    expect(await countOf(t, dev.id)).toBe(n);
    // Subscriptions are refused (a device cannot read other devices' data).
    await expect(client.subscribeAsync('devices/#', { qos: 1 })).rejects.toThrow();
    expect(client.connected).toBe(true);
    await client.endAsync();
  });

  it("refuses a client id that is not the device's own: no takeover of another device's session", async () => {
    const other = await provision(t, tenant, 'MQ-3');
    const victim = await mqtt.connectAsync(url, { clientId: dev.serial, username: dev.serial, password: dev.secret, reconnectPeriod: 0 });
    let victimClosed = false;
    victim.on('close', () => (victimClosed = true));
    const before = iotRuntime(t.app).pipeline.metrics.unauthorised;
    // Valid credentials of device MQ-3, but MQ-1's client id: refused (CONNACK "identifier rejected").
    await expect(
      mqtt.connectAsync(url, { clientId: dev.serial, username: other.serial, password: other.secret, reconnectPeriod: 0 }),
    ).rejects.toThrow(/identifier rejected/i);
    // Any other client id than the device's own is refused as well.
    await expect(
      mqtt.connectAsync(url, { clientId: `${other.serial}-2`, username: other.serial, password: other.secret, reconnectPeriod: 0 }),
    ).rejects.toThrow(/identifier rejected/i);
    expect(iotRuntime(t.app).pipeline.metrics.unauthorised).toBe(before + 2);
    await new Promise((r) => setTimeout(r, 100));
    // MQ-1 is still connected and still delivers.
    expect(victimClosed).toBe(false);
    expect(victim.connected).toBe(true);
    const n = await countOf(t, dev.id);
    await victim.publishAsync(`devices/${dev.serial}/readings`, JSON.stringify({ grossGrams: 30800, ts: Date.now() + 120_000 }), {
      qos: 1,
    });
    expect(await countOf(t, dev.id)).toBe(n + 1);
    // The device's own client id works.
    const own = await mqtt.connectAsync(url, {
      clientId: other.serial,
      username: other.serial,
      password: other.secret,
      reconnectPeriod: 0,
    });
    expect(own.connected).toBe(true);
    await own.endAsync();
    await victim.endAsync();
  });

  it("disconnects a device publishing on another device's topic", async () => {
    const other = await provision(t, tenant, 'MQ-2');
    const client = await mqtt.connectAsync(url, { clientId: dev.serial, username: dev.serial, password: dev.secret, reconnectPeriod: 0 });
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    client.publish(`devices/${other.serial}/readings`, JSON.stringify({ grossGrams: 30000, ts: Date.now() }), { qos: 1 });
    await closed;
    expect(await countOf(t, other.id)).toBe(0);
    client.end(true);
  });
});

describe('shutdown order', () => {
  it('flushes pending readings before the database closes', async () => {
    const t = await createTestApp({ mqttEnabled: true, mqttPort: 0 });
    const tenant = await t.tenant('Close group');
    const dev = await provision(t, tenant, 'CLOSE-1');
    const rt = iotRuntime(t.app);
    const start = Date.now();
    const pending = rt.pipeline.submit(
      Array.from({ length: 50 }, (_, i) => ({
        deviceId: dev.id,
        ts: new Date(start + i * 1000),
        seq: i,
        grossGrams: 30000 - i,
        battery: 80,
        signal: -60,
      })),
    );
    expect(rt.pipeline.metrics.pending).toBe(50);
    const before = rt.pipeline.metrics.stored;
    await t.close(); // app.close(): preClose (broker stop, flush) runs before onClose (database close)
    await expect(pending).resolves.toBeUndefined();
    expect(rt.pipeline.metrics.stored).toBe(before + 50);
  });
});

// Runs against a real external broker only when CI provides one (e.g. MQTT_TEST_URL=mqtt://127.0.0.1:1883).
describe.runIf(!!process.env.MQTT_TEST_URL)('external broker (MQTT_URL mode)', () => {
  it('subscribes to the external broker and stores readings of known devices', async () => {
    // A share group of its own: other GasOps instances on the same broker must not take these messages.
    iotTuning.shareGroup = `gasops-test-${crypto.randomBytes(4).toString('hex')}`;
    // And sessions of its own, ended after the test (the app's sessions outlive it by a day otherwise).
    iotTuning.clientId = `gasops-test-${crypto.randomBytes(4).toString('hex')}`;
    const t = await createTestApp({ mqttUrl: process.env.MQTT_TEST_URL!, mqttEnabled: true });
    try {
      expect(iotRuntime(t.app).mqttMode).toBe('external');
      const tenant = await t.tenant('External group');
      const serial = `EXT-${crypto.randomBytes(4).toString('hex')}`;
      const dev = await provision(t, tenant, serial);
      const client = await mqtt.connectAsync(process.env.MQTT_TEST_URL!, { reconnectPeriod: 0 });
      const ts = Date.now();
      await client.publishAsync(`devices/${serial}/readings`, JSON.stringify({ grossGrams: 29000, ts, seq: 1 }), { qos: 1 });
      await client.publishAsync(`devices/UNKNOWN-${serial}/readings`, JSON.stringify({ grossGrams: 29000, ts }), { qos: 1 });
      const deadline = Date.now() + 5000;
      while ((await countOf(t, dev.id)) === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(await countOf(t, dev.id)).toBe(1);
      while (iotRuntime(t.app).pipeline.metrics.unknownDevice === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(iotRuntime(t.app).pipeline.metrics.unknownDevice).toBeGreaterThanOrEqual(1);
      await client.endAsync();
    } finally {
      await t.close();
      // A clean start with each client id ends the session the broker kept for it.
      for (let n = 1; n <= 32; n++) {
        const c = await mqtt.connectAsync(process.env.MQTT_TEST_URL!, {
          clientId: `${iotTuning.clientId}-${n}`,
          clean: true,
          reconnectPeriod: 0,
        });
        await c.endAsync();
      }
      iotTuning.clientId = undefined;
    }
  });
});

// Needs the machine's Mosquitto (Debian package `mosquitto`); started on a free loopback port.
describe.runIf(findMosquitto() !== null)('external broker: the subscription is a persistent session', () => {
  let t: TestApp;
  let broker: Awaited<ReturnType<typeof startLocalMosquitto>>;
  beforeAll(async () => {
    broker = await startLocalMosquitto('recommended');
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
    await broker?.stop();
  });

  it('readings published while GasOps is away are delivered when it comes back with the same client id', async () => {
    const tenant = await t.tenant('Session group');
    const serial = `SESS-${crypto.randomBytes(3).toString('hex')}`;
    const { device } = (await t.admin.post('/api/iot/devices', { serial })).json();
    await t.admin.post(`/api/iot/devices/${device.id}/transfer`, {
      groupId: tenant.groupId,
      storeId: tenant.storeIds[0],
      transferDate: '2025-01-01',
    });
    const rt = iotRuntime(t.app);
    const subscribe = () =>
      startExternalSubscriber({
        url: broker.url,
        pipeline: rt.pipeline,
        directory: rt.directory,
        log: t.app.log,
        shareGroup: 'gasops-session-test',
        connections: 2,
        clientId: 'gasops-session-test',
      });
    // GasOps subscribes once, then stops (a restart, a deployment).
    await (await subscribe()).close();
    const device1 = await mqtt.connectAsync(broker.url, { reconnectPeriod: 0 });
    const ts = Date.now() - 60_000;
    for (let i = 0; i < 20; i++) {
      await device1.publishAsync(`devices/${serial}/readings`, JSON.stringify({ grossGrams: 29000 - i, ts: ts + i, seq: i }), { qos: 1 });
    }
    await device1.endAsync();
    expect(await countOf(t, device.id)).toBe(0);
    // Back with the same client id: the broker kept the sessions and delivers what it queued.
    const again = await subscribe();
    try {
      const deadline = Date.now() + 10_000;
      while ((await countOf(t, device.id)) < 20 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 50));
        await rt.pipeline.flush();
      }
      expect(await countOf(t, device.id)).toBe(20);
    } finally {
      await again.close();
    }
  });
});
