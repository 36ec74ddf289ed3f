// Writes .br and .gz next to every text asset once the bundle (and the service worker) is written,
// so the server's koa-send can hand out pre-compressed files without compressing per request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|webmanifest|json|txt|xml)$/;

function* walk(dir: string): Generator<string> {
  for (const entry of readdirSync(dir)) {
    const file = path.join(dir, entry);
    if (statSync(file).isDirectory()) yield* walk(file);
    else yield file;
  }
}

export function precompressDir(dir: string): number {
  let count = 0;
  for (const file of walk(dir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const body = readFileSync(file);
    writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
    );
    count++;
  }
  return count;
}

export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'tracker:precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        const count = precompressDir(outDir);
        this.info?.(`pre-compressed ${count} files`);
      },
    },
  };
}
