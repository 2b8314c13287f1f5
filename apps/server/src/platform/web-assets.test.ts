import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerWebApp } from './web-assets.js';

/** The web app's files as the build leaves them: hashed assets with .br/.gz, index.html, favicon. */
let dist: string;
let app: FastifyInstance;
const SCRIPT = 'console.log("a script long enough to be worth compressing");\n'.repeat(40);

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'gasops-web-assets-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><title>GasOps</title><script type="module" src="/assets/index-abc123.js"></script>',
  );
  fs.writeFileSync(
    path.join(dist, 'field.html'),
    '<!doctype html><title>GasOps field</title><script type="module" src="/assets/field-def456.js"></script>',
  );
  fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  const file = path.join(dist, 'assets/index-abc123.js');
  fs.writeFileSync(file, SCRIPT);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(SCRIPT));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(SCRIPT));
  app = Fastify();
  await registerWebApp(app, dist);
});
afterAll(async () => {
  await app.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('web app files', () => {
  it('sends a hashed asset precompressed as the browser accepts it, cached for a year', async () => {
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['identity', undefined],
    ] as const) {
      const res = await app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': accept } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      const body =
        encoding === 'br'
          ? zlib.brotliDecompressSync(res.rawPayload)
          : encoding === 'gzip'
            ? zlib.gunzipSync(res.rawPayload)
            : res.rawPayload;
      expect(body.toString()).toBe(SCRIPT);
    }
  });

  it('revalidates index.html and the unhashed files (304 when unchanged)', async () => {
    for (const url of ['/', '/manager/Home', '/favicon.svg']) {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      const again = await app.inject({ url, headers: { 'if-none-match': String(res.headers.etag) } });
      expect(again.statusCode).toBe(304);
    }
  });

  it('gives deep links the app shell, but a missing asset or API path a 404', async () => {
    const deep = await app.inject({ url: '/manager/Customer?x=1' });
    expect(deep.headers['content-type']).toMatch(/text\/html/);
    expect(deep.body).toContain('/assets/index-abc123.js');
    expect((await app.inject({ url: '/assets/index-old999.js' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/api/nothing-here' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'POST', url: '/manager/Home' })).statusCode).toBe(404);
  });

  it('gives the field app its own page (field.html) under /mobile and /MobileCylinderMaintenance, revalidated', async () => {
    for (const url of ['/mobile/gasRound', '/mobile', '/mobile/', '/mobile/mobileIndex?x=1', '/MobileCylinderMaintenance']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toContain('/assets/field-def456.js');
      const again = await app.inject({ url, headers: { 'if-none-match': String(res.headers.etag) } });
      expect(again.statusCode, url).toBe(304);
    }
    // Not a field page: the login pages and the rest of the app keep index.html.
    for (const url of ['/', '/mobileLogin', '/seekerLogin', '/mobiles', '/manager/Home', '/MobileCylinderMaintenanceX']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.body, url).toContain('/assets/index-abc123.js');
      expect(res.body, url).not.toContain('field-def456');
    }
  });

  it('answers index.html for the field pages of a build without field.html', async () => {
    const older = fs.mkdtempSync(path.join(os.tmpdir(), 'gasops-web-older-'));
    fs.cpSync(dist, older, { recursive: true });
    fs.rmSync(path.join(older, 'field.html'));
    const server = Fastify();
    await registerWebApp(server, older);
    try {
      const res = await server.inject({ url: '/mobile/gasRound' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('/assets/index-abc123.js');
    } finally {
      await server.close();
      fs.rmSync(older, { recursive: true, force: true });
    }
  });

  it('answers "starting" until the web app is built, then serves it without a restart', async () => {
    const later = fs.mkdtempSync(path.join(os.tmpdir(), 'gasops-web-later-'));
    const building = Fastify();
    await registerWebApp(building, path.join(later, 'dist'));
    try {
      const before = await building.inject({ url: '/' });
      expect(before.statusCode).toBe(503);
      expect(before.headers['retry-after']).toBe('5');
      expect(before.body).toContain('http-equiv="refresh"');
      fs.cpSync(dist, path.join(later, 'dist'), { recursive: true });
      const after = await building.inject({ url: '/', headers: { 'accept-encoding': 'br' } });
      expect(after.statusCode).toBe(200);
      expect(after.body).toContain('<title>GasOps</title>');
      expect(
        (await building.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'br' } })).headers['content-encoding'],
      ).toBe('br');
    } finally {
      await building.close();
      fs.rmSync(later, { recursive: true, force: true });
    }
  });
});
