import type { RedirectResponse } from '@tracker/shared/api/navigation';
import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { navigationApi } from '../features/navigation/api.ts';
import { decideRedirect } from '../features/navigation/redirect.ts';
import { config } from '../lib/config.ts';
import { log } from '../lib/logger.ts';
import { boot, inlineRedirect } from './boot.ts';

const hostOf = (url: string) => {
  try {
    return new URL(url).hostname;
  } catch {
    return '';
  }
};

// A misconfigured rule chain (a → b → a) must not spin forever.
const LOOP_WINDOW_MS = 3000;
const LOOP_MAX = 5;
let recent: number[] = [];

/** The global navigation step of spec §2: asks the server where each visited path should go. */
export function NavigationStep() {
  const [location, navigate] = useLocation();

  useEffect(() => {
    const follow = (res: RedirectResponse) => {
      // Admins manage the allow-list on the server, which only ever answers `external` for an
      // allowed host; the client still refuses anything but http(s) (decideRedirect).
      const vouched = res.to && res.external ? [...config.externalRedirectHosts, hostOf(res.to)] : config.externalRedirectHosts;
      const decision = decideRedirect(res, location, window.location.origin, vouched);
      if (decision.kind === 'none') return;
      if (decision.kind === 'blocked') return log.warn('external redirect blocked (host not allowed)', decision.url);
      const now = Date.now();
      recent = [...recent.filter((t) => now - t < LOOP_WINDOW_MS), now];
      if (recent.length > LOOP_MAX) return log.error('redirect loop stopped at', location);
      if (decision.kind === 'external') window.location.assign(decision.url);
      else navigate(decision.to, { replace: true });
    };
    // The page came with the decision for this path (issue 14): no round trip before the first render.
    const known = inlineRedirect(location);
    if (known) {
      follow(known);
      boot.redirectChecked = true;
      return;
    }
    const controller = new AbortController();
    navigationApi
      .redirect(location, controller.signal)
      .then((res) => {
        if (!controller.signal.aborted) follow(res);
      })
      .catch((err: unknown) => {
        if (!controller.signal.aborted) log.warn('redirect check failed', err);
      })
      .finally(() => {
        if (!controller.signal.aborted) boot.redirectChecked = true;
      });
    return () => controller.abort();
  }, [location, navigate]);

  return null;
}
