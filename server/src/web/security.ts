import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import type { Context, Next } from 'koa';

/**
 * Security headers. The mini app is framed by Telegram (web.telegram.org), so framing is allowed
 * for Telegram's origins through CSP frame-ancestors instead of X-Frame-Options. The Login Widget
 * needs telegram.org's script and its oauth iframe.
 */
export function securityHeaders(options: { secure: boolean }) {
  const policy = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", 'https://telegram.org'],
        styleSrc: ["'self'", "'unsafe-inline'"],
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
  return (ctx: Context, next: Next) => {
    for (const [name, value] of headers) ctx.res.setHeader(name, value);
    return next();
  };
}
