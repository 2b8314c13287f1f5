import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.js';

// Every route's answer is a contract (docs/CONVENTIONS.md "Contracts"): its response schemas live in
// packages/shared, the web infers its types from them, and the OpenAPI document describes them.
// This test reads that document and fails on any route whose successful answer is undescribed.

type Schema = Record<string, unknown>;
type Operation = { responses?: Record<string, { content?: Record<string, { schema?: Schema }> }> };

let t: TestApp;
let doc: { paths: Record<string, Record<string, Operation>> };
beforeAll(async () => {
  t = await createTestApp();
  doc = (await t.anon.get('/api/openapi.json')).json();
});
afterAll(async () => {
  await t.close();
});

/** Paths inside a JSON schema where it accepts anything (`{}`: z.unknown(), z.any(), a loose object's rest). */
function openSpots(schema: unknown, at = '$'): string[] {
  if (!schema || typeof schema !== 'object') return [];
  const s = schema as Schema;
  const keys = Object.keys(s).filter((k) => k !== 'description' && k !== 'title');
  if (keys.length === 0) return [at];
  const out: string[] = [];
  if (s.additionalProperties === true || (s.type === 'object' && !s.properties && s.additionalProperties === undefined))
    out.push(`${at} (any keys)`);
  for (const [k, v] of Object.entries((s.properties as Schema | undefined) ?? {})) out.push(...openSpots(v, `${at}.${k}`));
  if (s.items) out.push(...openSpots(s.items, `${at}[]`));
  if (s.additionalProperties && typeof s.additionalProperties === 'object') out.push(...openSpots(s.additionalProperties, `${at}{}`));
  for (const k of ['anyOf', 'oneOf', 'allOf'] as const)
    for (const [i, v] of ((s[k] as unknown[] | undefined) ?? []).entries()) out.push(...openSpots(v, `${at}|${k}${i}`));
  return out;
}

describe('API contracts', () => {
  it('describes the successful answer of every route with a closed schema', () => {
    const problems: string[] = [];
    let routes = 0;
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        routes++;
        const name = `${method.toUpperCase()} ${path}`;
        const ok = Object.entries(op.responses ?? {}).filter(([code]) => /^2\d\d$/.test(code));
        if (ok.length === 0) {
          problems.push(`${name}: no 2xx response schema`);
          continue;
        }
        for (const [code, res] of ok) {
          if (code === '204') continue;
          const schema = res.content?.['application/json']?.schema;
          if (!schema) {
            problems.push(`${name} ${code}: no body schema`);
            continue;
          }
          for (const spot of openSpots(schema)) problems.push(`${name} ${code}: accepts anything at ${spot}`);
        }
      }
    }
    expect(routes).toBeGreaterThan(100);
    expect(problems).toEqual([]);
  });
});
