import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import type { Context, Next } from 'koa';

/**
 * Browser features the app never uses, switched off for it and anything it frames (issue 11, L6).
 * Only names every current browser knows: an unknown one is a console error in Chromium.
 */
export const PERMISSIONS_POLICY = 'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()';

/**
 * Security headers. The mini app is framed by Telegram (web.telegram.org), so framing is allowed
 * for Telegram's origins through CSP frame-ancestors instead of X-Frame-Options. The Login Widget
 * needs telegram.org's script and its oauth iframe.
 *
 * Styles come only from our own files: React's `style` props are set through the CSSOM, which CSP
 * does not govern, and the UI kit ships a stylesheet. A page adds its nonce (`allowNonce`): the modal
 * library's scroll lock writes one `<style>` element carrying it. The debug console (PUBLIC_DEBUG=1)
 * injects `<style>` elements without one: `debug` keeps 'unsafe-inline' for it.
 */
export function securityHeaders(options: { secure: boolean; debug?: boolean }) {
  const policy = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", 'https://telegram.org'],
        styleSrc: options.debug ? ["'self'", "'unsafe-inline'"] : ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https://t.me', 'https://*.telegram.org', 'https://*.t.me'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameSrc: ['https://oauth.telegram.org'],
        frameAncestors: ["'self'", 'https://web.telegram.org', 'https://*.telegram.org'],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        ...(options.secure ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    frameguard: false,
    hsts: options.secure ? undefined : false,
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });
  // The policy is static, so its headers are worked out once, not by helmet's dozen steps per request.
  const headers: [string, string][] = [];
  const recorder = { setHeader: (name: string, value: unknown) => headers.push([name, String(value)]), removeHeader: () => {} };
  policy({} as IncomingMessage, recorder as unknown as ServerResponse, () => {});
  headers.push(['Permissions-Policy', PERMISSIONS_POLICY]);
  return (ctx: Context, next: Next) => {
    for (const [name, value] of headers) ctx.res.setHeader(name, value);
    return next();
  };
}

/**
 * Lets this response's inline elements carrying `nonce` through the CSP (a page's boot data, the
 * modal's scroll lock). A directive that allows every inline element (the debug console's styles)
 * stays so: a nonce beside 'unsafe-inline' would switch it off.
 */
export function allowNonce(ctx: Context, nonce: string) {
  const policy = ctx.response.get('Content-Security-Policy');
  if (!policy) return;
  const withNonce = (directive: string) => (directive.includes("'unsafe-inline'") ? directive : `${directive} 'nonce-${nonce}'`);
  ctx.set('Content-Security-Policy', policy.replace(/(^|;)(\s*(?:script|style)-src[^;]*)/g, (_, start: string, directive: string) => start + withNonce(directive)));
}
