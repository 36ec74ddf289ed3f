import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blogImageResponseSchema } from '@tracker/shared/api/blog';
import { IMAGE_WIDTHS } from '@tracker/shared/blog-images';
import { createUser, type TestUser } from '../../test/fixtures.ts';
import { createTestServer, type TestServer } from '../../test/harness.ts';

let t: TestServer;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestServer();
  admin = await createUser(t, { admin: true });
});
afterAll(() => t.close());

/** A real photo-like JPEG, wider than the largest width (3072 = 1536 × 2). */
async function photo(width: number, height: number): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = (y * width + x) * 3;
      raw[i] = (x * 255) / width;
      raw[i + 1] = (y * 255) / height;
      raw[i + 2] = ((x + y) * 7) % 255;
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } }).jpeg({ quality: 85 }).toBuffer();
}

async function upload(body: Buffer, type = 'image/jpeg', client = admin.client) {
  return fetch(`${t.url}/api/admin/blog/images`, {
    method: 'POST',
    headers: { 'content-type': type, cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    body: new Uint8Array(body),
  });
}

describe('blog image pipeline', () => {
  it('writes WebP at every breakpoint width × density and a 10×10 placeholder', async () => {
    expect(IMAGE_WIDTHS).toEqual([320, 640, 768, 1024, 1280, 1536, 2048, 2560, 3072]);
    const res = await upload(await photo(3200, 1800));
    expect(res.status).toBe(201);
    const { image } = blogImageResponseSchema.parse(await res.json());
    expect(image).toMatchObject({ width: 3200, height: 1800, widths: IMAGE_WIDTHS });
    const key = image.url.split('/').pop()!;
    // In the shared store (PostgreSQL here), not on this process's disk: any replica serves them.
    const stored = await t.sql<{ key: string; content_type: string }>('select key, content_type from blobs where key like ? order by key', [`blog-images/${key}/%`]);
    expect(stored.map((row) => row.key).sort()).toEqual(IMAGE_WIDTHS.map((w) => `blog-images/${key}/${w}.webp`).sort());
    expect(new Set(stored.map((row) => row.content_type))).toEqual(new Set(['image/webp']));

    for (const width of IMAGE_WIDTHS) {
      const file = await fetch(`${t.url}${image.url}/${width}.webp`);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('image/webp');
      expect(file.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(width);
      expect(meta.height).toBe(Math.round((1800 * width) / 3200));
    }

    expect(image.placeholder).toMatch(/^data:image\/webp;base64,/);
    const tiny = await sharp(Buffer.from(image.placeholder.split(',')[1]!, 'base64')).metadata();
    expect(tiny).toMatchObject({ format: 'webp', width: 10, height: 10 });
  });

  it('never enlarges a small image, but every width still exists', async () => {
    const res = await upload(await photo(500, 300));
    const { image } = blogImageResponseSchema.parse(await res.json());
    const big = await fetch(`${t.url}${image.url}/3072.webp`);
    expect((await sharp(Buffer.from(await big.arrayBuffer())).metadata()).width).toBe(500);
  });

  it('refuses files that are not images, and non-admins', async () => {
    const bad = await upload(Buffer.from('not an image at all'), 'image/png');
    expect(bad.status).toBe(400);
    const user = await createUser(t);
    expect((await upload(await photo(50, 50), 'image/jpeg', user.client)).status).toBe(403);
    expect((await fetch(`${t.url}/api/blog/images/${'0'.repeat(32)}/320.webp`)).status).toBe(404);
    expect((await fetch(`${t.url}/api/blog/images/${'0'.repeat(32)}/321.webp`)).status).toBe(404);
  });
});
