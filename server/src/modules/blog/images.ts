// Blog image pipeline (spec §9): every width as WebP, plus a 10×10 blurred placeholder data URI.
// The widths go to the shared file store, so every replica serves them.
import { randomBytes } from 'node:crypto';
import type { BlogImage } from '@tracker/shared/api/blog';
import { IMAGE_WIDTHS } from '@tracker/shared/blog-images';
import { IMAGE } from '@tracker/shared/limits';
import sharp, { type Metadata } from 'sharp';
import { HttpError } from '../../http/errors.ts';
import type { BlobStore } from '../../storage/index.ts';

export const BLOG_IMAGE_MAX_BYTES = 15 * 1024 * 1024;
const WEBP_QUALITY = 80;

export interface ProcessedImage {
  key: string;
  width: number;
  height: number;
  widths: number[];
  placeholder: string;
}

/** Where one width of an image is in the store. */
export const imageFileKey = (key: string, width: number) => {
  if (!/^[a-f0-9]{32}$/.test(key)) throw new Error('bad image key');
  return `blog-images/${key}/${width}.webp`;
};

/** Decodes, auto-orients and stores `blog-images/<key>/<width>.webp` for every width. */
export async function processImage(store: BlobStore, input: Buffer): Promise<ProcessedImage> {
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: 50_000_000 }).metadata();
  } catch {
    throw new HttpError(400, 'The file is not an image', 'validation', { issues: [{ path: ['file'], message: 'admin.validation.notImage', code: 'custom' }] });
  }
  if (!meta.width || !meta.height) throw new HttpError(400, 'The file is not an image', 'validation');
  const base = sharp(input, { limitInputPixels: 50_000_000 }).rotate();
  let widths: Buffer[];
  let tiny: Buffer;
  try {
    // Larger widths than the original are written at the original size, so every srcset entry exists.
    widths = await Promise.all(IMAGE_WIDTHS.map((w) => base.clone().resize({ width: w, withoutEnlargement: true }).webp({ quality: WEBP_QUALITY }).toBuffer()));
    const { width: pw, height: ph, quality, blur } = IMAGE.placeholder;
    tiny = await base.clone().resize(pw, ph, { fit: 'cover' }).blur(blur).webp({ quality }).toBuffer();
  } catch {
    throw new HttpError(400, 'The image could not be processed', 'validation', { issues: [{ path: ['file'], message: 'admin.validation.notImage', code: 'custom' }] });
  }
  const key = randomBytes(16).toString('hex');
  try {
    await Promise.all(IMAGE_WIDTHS.map((w, i) => store.put(imageFileKey(key, w), widths[i]!, { contentType: 'image/webp' })));
  } catch (err) {
    await Promise.all(IMAGE_WIDTHS.map((w) => store.delete(imageFileKey(key, w)))).catch(() => {});
    throw err;
  }
  const oriented = (meta.orientation ?? 1) >= 5;
  return {
    key,
    width: oriented ? meta.height : meta.width,
    height: oriented ? meta.width : meta.height,
    widths: [...IMAGE_WIDTHS],
    placeholder: `data:image/webp;base64,${tiny.toString('base64')}`,
  };
}

/** An image's columns as a post's row carries them (`left join blog_images i`, `i.id as img_id`…). */
export interface ImageRow {
  img_id: number | null;
  img_key: string | null;
  img_width: number | null;
  img_height: number | null;
  img_widths: number[] | null;
  img_placeholder: string | null;
}

/** Those columns in a post query's select list. */
export const IMAGE_COLUMNS = ['i.id as img_id', 'i.storage_key as img_key', 'i.width as img_width', 'i.height as img_height', 'i.widths as img_widths', 'i.placeholder as img_placeholder'] as const;

export function toImageDto(row: ImageRow): BlogImage | null {
  if (row.img_id == null || !row.img_key) return null;
  return {
    id: row.img_id,
    url: `/api/blog/images/${row.img_key}`,
    width: row.img_width ?? 0,
    height: row.img_height ?? 0,
    widths: row.img_widths ?? [...IMAGE_WIDTHS],
    placeholder: row.img_placeholder ?? '',
  };
}
