import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../../platform/free-port.js';

/**
 * A Mosquitto of its own for the IoT benchmark and the external-broker tests (not used by the
 * app): the machine's `mosquitto` binary with a config written to a temp dir, on a free loopback
 * port, anonymous (the bench's devices have no accounts there).
 *
 * `recommended`: the queue and session settings of docs/IOT.md ("A broker that loses nothing");
 * `default`: Mosquitto's own defaults (max_inflight_messages 20, max_queued_messages 1000, no
 * persistence), under which a subscriber that falls behind loses messages.
 */
export type MosquittoConfig = 'recommended' | 'default';

/** The lines of docs/IOT.md's recommended config that concern queues, sessions and persistence. */
export function recommendedMosquittoLines(persistenceDir: string): string[] {
  return [
    'persistence true',
    `persistence_location ${persistenceDir}/`,
    'autosave_interval 60',
    'persistent_client_expiration 7d',
    'max_inflight_messages 1000',
    'max_queued_messages 1000000',
    'max_queued_bytes 268435456',
    'set_tcp_nodelay true',
  ];
}

/** The `mosquitto` binary: on PATH, or Debian's /usr/sbin (not on every user's PATH); null when absent. */
export function findMosquitto(binary = 'mosquitto'): string | null {
  if (binary.includes('/')) return fs.existsSync(binary) ? binary : null;
  for (const d of [...(process.env.PATH ?? '').split(path.delimiter), '/usr/sbin']) {
    if (d && fs.existsSync(path.join(d, binary))) return path.join(d, binary);
  }
  return null;
}

const canConnect = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = net.connect(port, '127.0.0.1', () => {
      s.destroy();
      resolve(true);
    });
    s.on('error', () => resolve(false));
  });

/** Starts Mosquitto with one of the configs above; stop() ends it and removes its temp dir. */
export async function startLocalMosquitto(
  kind: MosquittoConfig,
  binary = 'mosquitto',
): Promise<{ url: string; stop: () => Promise<void> }> {
  const bin = findMosquitto(binary);
  if (!bin) throw new Error(`${binary} not found`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gasops-mosquitto-'));
  const port = await freePort();
  const lines = [`listener ${port} 127.0.0.1`, 'allow_anonymous true', 'log_dest none'];
  if (kind === 'recommended') lines.push(...recommendedMosquittoLines(dir));
  const conf = path.join(dir, 'mosquitto.conf');
  fs.writeFileSync(conf, lines.join('\n') + '\n');
  const child = spawn(bin, ['-c', conf], { stdio: ['ignore', 'ignore', 'inherit'] });
  let failed: Error | null = null;
  child.once('error', (err) => (failed = err));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 5000;
  while (!(await canConnect(port))) {
    if (failed || child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      fs.rmSync(dir, { recursive: true, force: true });
      throw new Error(`mosquitto did not start on port ${port}${failed ? `: ${(failed as Error).message}` : ''}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url: `mqtt://127.0.0.1:${port}`,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(killer);
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
