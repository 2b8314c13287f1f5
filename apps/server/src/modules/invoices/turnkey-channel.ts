import fs from 'node:fs/promises';
import path from 'node:path';
import { MIG_MESSAGES, type MigMessage } from '@gasops/shared';
import { messageFileName, type OutgoingMessage, type UploadChannel, type UploadResult } from './upload-channel.js';

/**
 * The upload channel of the government's Turnkey program, through its folders under EINVOICE_TURNKEY_DIR
 * (docs/INVOICES.md "Upload"):
 * - a message is written to `UpCast/B2SSTORAGE/<MSG>/SRC/<MSG>_<ref>_<ts>.xml`, first under a temporary
 *   name beside SRC and then renamed into it, so Turnkey never picks up half a file;
 * - Turnkey moves a file it sent to `.../<MSG>/BAK/` (state P, processing) and one it could not to
 *   `.../<MSG>/ERR/` (E);
 * - the platform's answers are read from result files in `Result/` (ASSUMED format, to be checked against
 *   a real Turnkey install: text lines `<MSG>,<invoice number>,<status>[,<message>]`, `#` lines and blank
 *   lines ignored, status one of P G E I C); a file read is moved to `Result/READ/`.
 */
export class TurnkeyFolderChannel implements UploadChannel {
  /** BAK / ERR files already answered by this process (each is answered once per start). */
  private readonly seen = new Set<string>();

  constructor(private readonly root: string) {}

  private box(message: MigMessage, folder: 'SRC' | 'BAK' | 'ERR' | '.gasops-tmp') {
    return path.join(this.root, 'UpCast', 'B2SSTORAGE', message, folder);
  }

  async put(msg: OutgoingMessage): Promise<string> {
    const name = messageFileName(msg);
    const tmpDir = this.box(msg.message, '.gasops-tmp');
    const srcDir = this.box(msg.message, 'SRC');
    await fs.mkdir(tmpDir, { recursive: true });
    await fs.mkdir(srcDir, { recursive: true });
    const tmp = path.join(tmpDir, name);
    await fs.writeFile(tmp, msg.xml, 'utf8');
    await fs.rename(tmp, path.join(srcDir, name));
    return name;
  }

  async results(): Promise<UploadResult[]> {
    const out: UploadResult[] = [];
    for (const message of MIG_MESSAGES)
      for (const [folder, state] of [
        ['BAK', 'P'],
        ['ERR', 'E'],
      ] as const)
        for (const fileName of await list(this.box(message, folder))) {
          const key = `${folder}/${fileName}`;
          if (!fileName.endsWith('.xml') || this.seen.has(key)) continue;
          this.seen.add(key);
          out.push(state === 'E' ? { state, fileName, error: 'Turnkey: moved to ERR' } : { state, fileName });
        }
    out.push(...(await this.readResultFiles()));
    return out;
  }

  private async readResultFiles(): Promise<UploadResult[]> {
    const dir = path.join(this.root, 'Result');
    const out: UploadResult[] = [];
    for (const name of await list(dir)) {
      const file = path.join(dir, name);
      if (!(await fs.stat(file)).isFile()) continue;
      out.push(...parseResultLines(await fs.readFile(file, 'utf8')));
      await fs.mkdir(path.join(dir, 'READ'), { recursive: true });
      await fs.rename(file, path.join(dir, 'READ', name));
    }
    return out;
  }
}

const STATES = new Set(['P', 'G', 'E', 'I', 'C']);

/** The assumed result file: `<MSG>,<invoice number>,<status>[,<message>]` a line; anything else is skipped. */
export function parseResultLines(text: string): UploadResult[] {
  const out: UploadResult[] = [];
  for (const raw of text.replace(/^\uFEFF/, '').split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const [message, ref, state, ...rest] = line.split(',').map((x) => x.trim());
    if (!(MIG_MESSAGES as readonly string[]).includes(message!) || !ref || !STATES.has(state!)) continue;
    const error = rest.join(',').trim();
    out.push({ message: message as MigMessage, ref, state: state as UploadResult['state'], ...(error ? { error } : {}) });
  }
  return out;
}

async function list(dir: string): Promise<string[]> {
  try {
    return (await fs.readdir(dir)).sort();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
}
