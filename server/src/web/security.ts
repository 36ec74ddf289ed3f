import helmet from 'koa-helmet';

/**
 * Security headers. The mini app is framed by Telegram (web.telegram.org), so framing is allowed
 * for Telegram's origins through CSP frame-ancestors instead of X-Frame-Options. The Login Widget
 * needs telegram.org's script and its oauth iframe.
 */
export function securityHeaders(options: { secure: boolean }) {
  return helmet({
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
}
