import Router from '@koa/router';
import { system } from '@tracker/shared/api/contract/system';
import type { Context } from 'koa';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { notFound } from '../../http/errors.ts';
import { route } from '../../http/route.ts';
import type { Logger } from '../../logger.ts';
import { buildOpenApiDocument } from './openapi.document.ts';

const require = createRequire(import.meta.url);
const SWAGGER_UI_DIR = path.dirname(require.resolve('swagger-ui-dist/package.json'));
const SWAGGER_UI_VERSION = (require('swagger-ui-dist/package.json') as { version: string }).version;
/** The API is not versioned in its paths; a breaking change would bump this. */
const API_VERSION = '1';
const brotli = promisify(zlib.brotliCompress);
const gzipped = promisify(zlib.gzip);
const IMMUTABLE = 'public, max-age=31536000, immutable';
const ASSETS_PATH = system.docsAsset.path.replace(':file', '');

/**
 * The page's own start-up, a file rather than an inline script, so it runs under the strict CSP
 * (script-src 'self'). No validator badge: it would send the document to validator.swagger.io.
 */
const INIT_JS = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: ${JSON.stringify(system.openapi.path)},
    dom_id: '#swagger-ui',
    deepLinking: true,
    validatorUrl: null,
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
  });
});
`;

/** A file's address carries its version (the package's, or our own file's hash): a new one is a new address. */
const INIT_VERSION = createHash('sha256').update(INIT_JS).digest('hex').slice(0, 12);
const versionOf = (file: string) => (file === 'init.js' ? INIT_VERSION : SWAGGER_UI_VERSION);
const asset = (file: string) => `${ASSETS_PATH}${file}?v=${versionOf(file)}`;

const DOCS_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Tracker API</title>
<link rel="icon" type="image/png" href="${asset('favicon-32x32.png')}">
<link rel="stylesheet" href="${asset('swagger-ui.css')}">
</head>
<body>
<main id="swagger-ui"></main>
<script src="${asset('swagger-ui-bundle.js')}"></script>
<script src="${asset('init.js')}"></script>
</body>
</html>
`;

/** The files the page loads: swagger-ui-dist's own, read from the installed package (never a CDN). */
const ASSETS: Record<string, { type: string; read: () => Promise<Buffer> }> = {
  'swagger-ui.css': { type: 'text/css; charset=utf-8', read: () => readFile(path.join(SWAGGER_UI_DIR, 'swagger-ui.css')) },
  'swagger-ui-bundle.js': { type: 'text/javascript; charset=utf-8', read: () => readFile(path.join(SWAGGER_UI_DIR, 'swagger-ui-bundle.js')) },
  'favicon-32x32.png': { type: 'image/png', read: () => readFile(path.join(SWAGGER_UI_DIR, 'favicon-32x32.png')) },
  'init.js': { type: 'text/javascript; charset=utf-8', read: async () => Buffer.from(INIT_JS) },
};

interface Served {
  body: Buffer;
  /** Compressed once, not per request (the bundle is 1.7 MB: ~90 ms of CPU each time otherwise). */
  br?: Buffer;
  gzip?: Buffer;
  /** Weak: the bytes differ by encoding, the content does not. */
  etag: string;
}
const BR_OPTIONS = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT } };
async function served(body: Buffer | string, compress: boolean): Promise<Served> {
  const buffer = Buffer.isBuffer(body) ? body : Buffer.from(body);
  const etag = `W/"${createHash('sha256').update(buffer).digest('base64url').slice(0, 27)}"`;
  if (!compress) return { body: buffer, etag };
  const [br, gzip] = await Promise.all([brotli(buffer, BR_OPTIONS), gzipped(buffer, { level: 9 })]);
  return { body: buffer, br, gzip, etag };
}

/**
 * If-None-Match by weak comparison. Not `ctx.fresh`: it gives up when the request says
 * `Cache-Control: no-cache`, which fetch() adds to every conditional request it is handed.
 */
const matches = (header: string, etag: string) => !!header && header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag.replace(/^W\//, ''));

/** Answers `body` under its ETag: 304 when the client's copy is this one. */
function send(ctx: Context, served: Served, type: string, cacheControl: string) {
  ctx.status = 200;
  ctx.type = type;
  ctx.set({ ETag: served.etag, 'Cache-Control': cacheControl });
  if (served.br) ctx.vary('Accept-Encoding');
  if (matches(ctx.get('if-none-match'), served.etag)) {
    ctx.status = 304;
    return;
  }
  const encoding = served.br ? ctx.acceptsEncodings('br', 'gzip', 'identity') : 'identity';
  const encoded = encoding === 'br' ? served.br : encoding === 'gzip' ? served.gzip : undefined;
  if (encoded) ctx.set('Content-Encoding', encoding as string);
  ctx.body = encoded ?? served.body;
}

/**
 * `GET /api/openapi.json` (built once, at start-up, from the contract) and the reference page at
 * `/api/docs`. Both are public: they describe the API, not anyone's data.
 */
export function openApiRoutes(deps: { serverUrl: string; logger: Logger }) {
  const router = new Router();
  const document = buildOpenApiDocument({ version: API_VERSION, serverUrl: deps.serverUrl }).then((doc) => served(JSON.stringify(doc), true));
  // Logged, not thrown: the API runs on without its description, whose requests then fail (500).
  document.catch((err: unknown) => deps.logger.error({ err }, 'OpenAPI document not built'));
  const page = served(DOCS_HTML, false);
  const files = new Map<string, Promise<Served>>();

  route(router, system.openapi, async (ctx) => {
    // Revalidated each time: after a deploy the new document is seen at once, unchanged ones cost a 304.
    send(ctx, await document, 'application/json; charset=utf-8', 'public, no-cache');
  });

  route(router, system.docs, async (ctx) => {
    send(ctx, await page, 'text/html; charset=utf-8', 'public, no-cache');
  });

  route(router, system.docsAsset, async (ctx) => {
    if (!Object.hasOwn(ASSETS, ctx.params.file!)) throw notFound('No such file');
    const file = ASSETS[ctx.params.file!]!;
    let content = files.get(ctx.params.file!);
    if (!content) {
      content = file.read().then((body) => served(body, file.type.startsWith('text/')));
      files.set(ctx.params.file!, content);
      // A failed read is tried again by the next request, not remembered.
      content.catch(() => files.delete(ctx.params.file!));
    }
    send(ctx, await content, file.type, ctx.query.v === versionOf(ctx.params.file!) ? IMMUTABLE : 'public, no-cache');
  });

  return router;
}
