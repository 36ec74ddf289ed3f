// Avatars: the upload is checked to be a real image by decoding it (not by its name or type), then
// cut to squares of AVATAR_SIZES in WebP. Files are immutable, named by a random key, and kept in the
// shared file store so every replica serves them.
import { randomBytes } from 'node:crypto';
import { DomainError } from '@tracker/shared/domain-errors';
import { AVATAR_SIZES } from '@tracker/shared/limits';
import sharp from 'sharp';
import { readAll, type BlobStore } from '../../storage/index.ts';

const notAnImage = () => new DomainError('invalid', { code: 'invalid_image', key: 'account.errors.invalidImage' });

const ACCEPTED = new Set(['png', 'jpeg', 'webp', 'gif']);
export const AVATAR_FILE = /^([a-f0-9]{32})-(\d+)\.webp$/;

export function avatarStore(store: BlobStore) {
  const fileOf = (key: string, size: number) => `avatars/${key}-${size}.webp`;
  return {
    /** Decodes, squares and writes every size; returns the new key. */
    async save(input: Buffer): Promise<string> {
      let format: string | undefined;
      try {
        ({ format } = await sharp(input, { limitInputPixels: 40_000_000 }).metadata());
      } catch {
        throw notAnImage();
      }
      if (!format || !ACCEPTED.has(format)) throw notAnImage();
      let squares: Buffer[];
      try {
        squares = await Promise.all(
          AVATAR_SIZES.map((size) => sharp(input, { limitInputPixels: 40_000_000 }).rotate().resize(size, size, { fit: 'cover', position: 'attention' }).webp({ quality: 82 }).toBuffer()),
        );
      } catch {
        throw notAnImage();
      }
      const key = randomBytes(16).toString('hex');
      try {
        await Promise.all(AVATAR_SIZES.map((size, i) => store.put(fileOf(key, size), squares[i]!, { contentType: 'image/webp' })));
      } catch (err) {
        await this.remove(key).catch(() => {});
        throw err;
      }
      return key;
    },
    async read(file: string): Promise<Buffer | null> {
      const m = AVATAR_FILE.exec(file);
      if (!m || !(AVATAR_SIZES as readonly number[]).includes(Number(m[2]))) return null;
      const stored = await store.get(fileOf(m[1]!, Number(m[2])));
      return stored && readAll(stored.body);
    },
    async remove(key: string | null | undefined) {
      if (!key || !/^[a-f0-9]{32}$/.test(key)) return;
      await Promise.all(AVATAR_SIZES.map((size) => store.delete(fileOf(key, size))));
    },
  };
}

export type AvatarStore = ReturnType<typeof avatarStore>;
