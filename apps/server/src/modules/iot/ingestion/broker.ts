import net from 'node:net';
import os from 'node:os';
import type { AddressInfo } from 'node:net';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import type { FastifyBaseLogger } from 'fastify';
import type { DeviceDirectory } from './device-auth.js';
import { parseMessage, READINGS_TOPIC } from './parse-readings.js';
import type { IngestPipeline } from './pipeline.js';

export type MqttIngest = { port: number | null; close: () => Promise<void>; disconnect: (serial: string) => void };

type DeviceClient = Client & { gasopsDevice?: { id: number; serial: string } };

function authError(): AuthenticateError {
  const err = new Error('Bad username or password') as AuthenticateError;
  err.returnCode = 4;
  return err;
}

/** CONNACK 2: the client identifier is not allowed (MQTT 3.1.1 §3.2.2.3). */
function clientIdError(): AuthenticateError {
  const err = new Error('Identifier rejected') as AuthenticateError;
  err.returnCode = 2;
  return err;
}

/**
 * The embedded broker. Devices connect with username = device id (serial), password = secret and
 * client id = device id, and publish to `devices/<deviceId>/readings`. The client id must be the
 * authenticated device's own: the broker closes an existing session when another connection
 * claims its client id, so a device with valid credentials and another device's client id would
 * otherwise disconnect that device (and keep doing so); it is refused with CONNACK 2 before the
 * broker registers it. The PUBACK of a QoS 1 publish is held (aedes writes
 * it after `authorizePublish` calls back) until the readings are committed, so a device only
 * forgets a reading once it is stored. A malformed payload is acknowledged and dropped (re-sending
 * it would never help); a publish on another device's topic disconnects the client.
 */
export async function startEmbeddedBroker(opts: {
  port: number;
  host?: string;
  pipeline: IngestPipeline;
  directory: DeviceDirectory;
  log: FastifyBaseLogger;
}): Promise<MqttIngest> {
  const { pipeline, directory, log } = opts;
  const broker = await Aedes.createBroker({
    authenticate: (client, username, password, done) => {
      const serial = username ?? '';
      directory
        .verify(serial, password ? password.toString('utf8') : '')
        .then((id) => {
          if (id === null) {
            pipeline.reject('unauthorised', { via: 'mqtt', serial, clientId: client.id });
            return done(authError(), false);
          }
          if (client.id !== serial) {
            pipeline.reject('unauthorised', { via: 'mqtt', serial, clientId: client.id, reason: 'clientId' });
            return done(clientIdError(), false);
          }
          (client as DeviceClient).gasopsDevice = { id, serial };
          done(null, true);
        })
        .catch((err: unknown) => {
          log.error({ err }, 'mqtt authentication failed');
          done(authError(), false);
        });
    },
    authorizePublish: (client, packet, done) => {
      const device = (client as DeviceClient | null)?.gasopsDevice;
      const m = READINGS_TOPIC.exec(packet.topic);
      if (!device || !m || m[1] !== device.serial) {
        pipeline.reject('unauthorised', { via: 'mqtt', topic: packet.topic, serial: device?.serial ?? null });
        return done(new Error('not authorised'));
      }
      const readings = parseMessage(device.id, packet.payload as Buffer);
      if (!readings) {
        pipeline.reject('malformed', { via: 'mqtt', serial: device.serial, bytes: packet.payload.length });
        return done(null);
      }
      pipeline.submit(readings).then(
        () => done(null),
        (err: Error) => done(err),
      );
    },
    // Devices only publish; nothing may read other devices' data through the broker (SUBACK 0x80).
    authorizeSubscribe: (_client, _sub, done) => done(null, null),
    // Readings are consumed by the pipeline above; there is nobody to forward them to.
    authorizeForward: () => null,
  });
  broker.on('clientError', (client, err) => log.debug({ err, clientId: client.id }, 'mqtt client error'));
  const server = net.createServer((socket) => {
    socket.on('error', () => undefined);
    broker.handle(socket);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host ?? '0.0.0.0', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  log.info({ port }, 'embedded MQTT broker listening');
  return {
    port,
    disconnect: (serial) => {
      for (const c of Object.values((broker as unknown as { clients: Record<string, DeviceClient> }).clients)) {
        if (c.gasopsDevice?.serial === serial) c.close();
      }
    },
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await new Promise<void>((resolve) => broker.close(() => resolve()));
    },
  };
}

/** How long the broker keeps an external subscriber's session (and queues its messages) while it is away: one day. */
const SESSION_EXPIRY_S = 86_400;
/** Messages one subscriber connection may have in flight (unacknowledged) at the broker. */
const RECEIVE_MAXIMUM = 1000;

/**
 * The client id prefix of this instance's subscriber connections: MQTT_CLIENT_ID, else one made of
 * the host name and the HTTP port (two instances on one host never share a port), so a restart
 * resumes the same sessions.
 */
export function externalClientId(env: NodeJS.ProcessEnv, port: number): string {
  return env.MQTT_CLIENT_ID || `gasops-${os.hostname()}-${port}`;
}

/**
 * External broker mode (MQTT_URL): subscribe to every device's readings with a shared
 * subscription at QoS 1: several GasOps instances, and `connections` (MQTT_SUBSCRIBERS) clients
 * within one instance, split the stream. The broker keeps a small window of unacknowledged
 * messages per connection (Mosquitto: 20) and drops what overflows its queue for a slow
 * subscriber, so one connection capped the stream at ~13,000 readings/s. The mqtt client processes
 * incoming messages one at a time and sends each PUBACK when its handler calls back, so holding
 * the acknowledgement until the commit would allow one message per flush. Here a message is
 * acknowledged once it is accepted into the ingestion buffer (flushed within ~50 ms, and on
 * shutdown before the database closes); a full buffer is not acknowledged, so the broker
 * redelivers it. Devices authenticate at that broker (its password file and ACL, see
 * docs/IOT.md); here the topic's device id must be a device GasOps knows.
 *
 * Nothing is lost while the app is slow or away: each connection is a persistent session (MQTT 5
 * clean start off, a session expiry, a client id that is the same at every start: `clientId`-<n>),
 * so the broker keeps the shared subscription and queues its messages through a restart or a
 * reconnect and redelivers what was not acknowledged; `receiveMaximum` bounds the messages in
 * flight to one connection. The broker's own queue limits decide what it keeps for a subscriber
 * that falls behind (docs/IOT.md: a broker that loses nothing).
 */
export async function startExternalSubscriber(opts: {
  url: string;
  pipeline: IngestPipeline;
  directory: DeviceDirectory;
  log: FastifyBaseLogger;
  shareGroup?: string;
  /** Subscriber connections in the share group (each has its own in-flight window at the broker). */
  connections?: number;
  /** This instance's client id prefix, the same at every start (persistent sessions); connection n is `<clientId>-<n>`. */
  clientId: string;
}): Promise<MqttIngest> {
  const { pipeline, directory, log } = opts;
  const { default: mqtt } = await import('mqtt'); // only with an external broker, not at every start
  const topic = `$share/${opts.shareGroup ?? 'gasops'}/devices/+/readings`;
  const connectOne = async (n: number) => {
    // The handler is in place before the connection opens: a resumed session's queued messages
    // arrive right after the CONNACK (mqtt's default handler would acknowledge and drop them).
    const client = mqtt.connect(opts.url, {
      clientId: `${opts.clientId}-${n}`,
      clean: false,
      reconnectPeriod: 2000,
      protocolVersion: 5,
      properties: { sessionExpiryInterval: SESSION_EXPIRY_S, receiveMaximum: RECEIVE_MAXIMUM },
    });
    client.handleMessage = (packet, callback) => {
      const m = READINGS_TOPIC.exec(packet.topic);
      if (!m) {
        pipeline.reject('unauthorised', { via: 'mqtt-external', topic: packet.topic });
        return callback();
      }
      const serial = m[1]!;
      const handle = (dev: { id: number } | null) => {
        if (!dev) {
          pipeline.reject('unknownDevice', { via: 'mqtt-external', serial });
          return callback();
        }
        const readings = parseMessage(dev.id, packet.payload as Buffer);
        if (!readings) {
          pipeline.reject('malformed', { via: 'mqtt-external', serial });
          return callback();
        }
        if (!pipeline.accepting(readings.length)) return callback(new Error('ingestion buffer full'));
        pipeline.submit(readings).catch((err: unknown) => log.error({ err, serial }, 'external MQTT reading not stored'));
        return callback();
      };
      // The client handles one message at a time: answer from the credential cache synchronously.
      const cached = directory.peek(serial);
      if (cached !== undefined) return handle(cached);
      directory
        .lookup(serial)
        .then(handle)
        .catch((err: unknown) => {
          // Not acknowledged: the broker redelivers after reconnect; the write is idempotent.
          log.error({ err, serial }, 'external MQTT reading not stored');
          callback(err instanceof Error ? err : new Error(String(err)));
        });
    };
    client.on('error', (err) => log.warn({ err }, 'external MQTT error'));
    await new Promise<void>((resolve, reject) => {
      const settle = (err?: Error) => {
        client.off('connect', onConnect);
        client.off('error', onError);
        if (err) {
          client.end();
          reject(err);
        } else resolve();
      };
      const onConnect = () => settle();
      const onError = (err: Error) => settle(err);
      client.on('connect', onConnect);
      client.on('error', onError);
    });
    await client.subscribeAsync(topic, { qos: 1 });
    return client;
  };
  const clients = await Promise.all(Array.from({ length: Math.max(1, opts.connections ?? 1) }, (_, n) => connectOne(n + 1)));
  log.info({ url: opts.url.replace(/\/\/[^@]*@/, '//***@'), topic, connections: clients.length }, 'subscribed to external MQTT broker');
  return {
    port: null,
    disconnect: () => undefined,
    close: async () => {
      await Promise.all(clients.map((c) => c.endAsync()));
    },
  };
}
