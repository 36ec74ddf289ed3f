// Avatars: the upload is checked to be a real image by decoding it (not by its name or type), then
// cut to squares of AVATAR_SIZES in WebP. Files are immutable, named by a random key.
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { AVATAR_MAX_BYTES, AVATAR_SIZES } from '@tracker/shared/limits';
import sharp from 'sharp';

export class ImageTooLargeError extends Error {}
export class NotAnImageError extends Error {}

const ACCEPTED = new Set(['png', 'jpeg', 'webp', 'gif']);
export const AVATAR_FILE = /^([a-f0-9]{32})-(\d+)\.webp$/;

export async function readLimited(stream: Readable, limit = AVATAR_MAX_BYTES): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw new ImageTooLargeError();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

export function avatarStore(root: string) {
  const fileOf = (key: string, size: number) => path.join(root, key.slice(0, 2), `${key}-${size}.webp`);
  return {
    /** Decodes, squares and writes every size; returns the new key. */
    async save(input: Buffer): Promise<string> {
      let format: string | undefined;
      try {
        ({ format } = await sharp(input, { limitInputPixels: 40_000_000 }).metadata());
      } catch {
        throw new NotAnImageError();
      }
      if (!format || !ACCEPTED.has(format)) throw new NotAnImageError();
      const key = randomBytes(16).toString('hex');
      await mkdir(path.dirname(fileOf(key, 0)), { recursive: true });
      try {
        for (const size of AVATAR_SIZES) {
          const out = await sharp(input, { limitInputPixels: 40_000_000 }).rotate().resize(size, size, { fit: 'cover', position: 'attention' }).webp({ quality: 82 }).toBuffer();
          await writeFile(fileOf(key, size), out);
        }
      } catch {
        await this.remove(key);
        throw new NotAnImageError();
      }
      return key;
    },
    async read(file: string): Promise<Buffer | null> {
      const m = AVATAR_FILE.exec(file);
      if (!m || !(AVATAR_SIZES as readonly number[]).includes(Number(m[2]))) return null;
      return readFile(fileOf(m[1]!, Number(m[2]))).catch(() => null);
    },
    async remove(key: string | null | undefined) {
      if (!key || !/^[a-f0-9]{32}$/.test(key)) return;
      await Promise.all(AVATAR_SIZES.map((size) => rm(fileOf(key, size), { force: true })));
    },
  };
}

export type AvatarStore = ReturnType<typeof avatarStore>;
