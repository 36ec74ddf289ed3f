// Draws the app icons (a white check mark on the primary green) as PNGs without image libraries:
// run `node miniapp/scripts/icons.ts` after changing the design; the PNGs are committed.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';

const GREEN = [0x15, 0x80, 0x3d] as const;
const out = path.join(import.meta.dirname, '../public/icons');

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}
function png(size: number, pixel: (x: number, y: number) => [number, number, number, number]): Buffer {
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0;
    for (let x = 0; x < size; x++) raw.set(pixel(x, y), y * (size * 4 + 1) + 1 + x * 4);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}

function distToSegment(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  const dx = bx - ax;
  const dy = by - ay;
  const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

/** Check mark in unit coordinates, scaled into the box [inset, 1-inset]. */
function icon(size: number, { rounded, inset }: { rounded: boolean; inset: number }) {
  const s = (v: number) => (inset + v * (1 - 2 * inset)) * size;
  const stroke = 0.09 * size * (1 - 2 * inset) * 1.4;
  const r = rounded ? size * 0.22 : 0;
  return png(size, (x, y) => {
    const cx = x + 0.5;
    const cy = y + 0.5;
    if (rounded) {
      const qx = Math.max(r - cx, 0, cx - (size - r));
      const qy = Math.max(r - cy, 0, cy - (size - r));
      if (Math.hypot(qx, qy) > r) return [0, 0, 0, 0];
    }
    const d = Math.min(distToSegment(cx, cy, s(0.22), s(0.52), s(0.42), s(0.72)), distToSegment(cx, cy, s(0.42), s(0.72), s(0.78), s(0.3)));
    const a = Math.max(0, Math.min(1, stroke / 2 - d + 0.5));
    return [Math.round(GREEN[0] + (255 - GREEN[0]) * a), Math.round(GREEN[1] + (255 - GREEN[1]) * a), Math.round(GREEN[2] + (255 - GREEN[2]) * a), 255];
  });
}

for (const size of [192, 512]) {
  writeFileSync(path.join(out, `icon-${size}.png`), icon(size, { rounded: true, inset: 0.08 }));
  // Maskable: full bleed, the mark inside the central 80 % safe zone.
  writeFileSync(path.join(out, `maskable-${size}.png`), icon(size, { rounded: false, inset: 0.2 }));
}
