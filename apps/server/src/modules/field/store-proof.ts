import fs from 'node:fs/promises';
import path from 'node:path';
import { invalidField } from '../../platform/errors.js';

const EXTENSIONS = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' } as const;
type ImageType = keyof typeof EXTENSIONS;

/** Whether the bytes are what the declared type says (its magic number). */
function isImage(bytes: Buffer, type: ImageType): boolean {
  if (type === 'image/jpeg') return bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
  if (type === 'image/png') return bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  return bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP';
}

/**
 * Files written for one action (signature, photo): kept when its transaction commits, removed when
 * it does not, so a rolled-back action leaves nothing behind.
 */
export class ProofFiles {
  private readonly written: string[] = [];
  constructor(
    private readonly dataDir: string,
    private readonly groupId: number,
    private readonly actionId: string,
  ) {}

  /**
   * Stores a data URL (the schema checked its form and size) under DATA_DIR/field/<group>/ and
   * answers its path relative to DATA_DIR; 400 on `field` when the bytes are not the declared image.
   */
  async save(field: string, dataUrl: string | null, name: string): Promise<string | null> {
    if (!dataUrl) return null;
    const match = /^data:(image\/(?:jpeg|png|webp));base64,(.*)$/s.exec(dataUrl);
    const type = match?.[1] as ImageType | undefined;
    const bytes = Buffer.from(match?.[2] ?? '', 'base64');
    if (!type || bytes.length === 0 || !isImage(bytes, type)) throw invalidField(field, 'feedback.validation.invalid');
    const relative = path.join('field', String(this.groupId), `${this.actionId}-${name}.${EXTENSIONS[type]}`);
    const file = path.join(this.dataDir, relative);
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, bytes);
    this.written.push(file);
    return relative;
  }

  /** Removes what was written (the action's transaction did not commit). */
  async discard(): Promise<void> {
    await Promise.all(this.written.map((f) => fs.rm(f, { force: true })));
  }
}
