import fs from 'node:fs';
import path from 'node:path';

const FILE = path.resolve(import.meta.dirname, 'RESULTS.md');

/**
 * Replaces one bench's section of bench/RESULTS.md, between `<!-- name:start -->` and
 * `<!-- name:end -->` (appended the first time); every other section stays as it is. Not with
 * BENCH_NO_WRITE=1 (every bench): print only, for profiling and trial runs.
 */
export function writeResultsSection(name: string, body: string): void {
  if (process.env.BENCH_NO_WRITE === '1') return;
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const block = `${start}\n\n${body.trim()}\n\n${end}`;
  const text = fs.existsSync(FILE) ? fs.readFileSync(FILE, 'utf8') : '# Benchmark results\n';
  const i = text.indexOf(start);
  const j = text.indexOf(end);
  const next = i >= 0 && j > i ? text.slice(0, i) + block + text.slice(j + end.length) : `${text.trimEnd()}\n\n${block}\n`;
  fs.writeFileSync(FILE, next);
}

/** A Markdown table with padded columns (as Prettier writes it). */
export function markdownTable(head: string[], rows: string[][]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(head), `| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`, ...rows.map(line)].join('\n');
}
