// Inside Telegram: the native BackButton mirrors the app's own history (shown once the user has
// navigated forward, going back the way the browser would).
import { useEffect, useRef } from 'react';
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import { platform } from '../../platform/index.ts';

export function TelegramBridge() {
  const { tg } = useSnapshot(platform);
  const [location] = useLocation();
  const stack = useRef<string[]>([]);
  const depth = useRef(0);

  useEffect(() => {
    const s = stack.current;
    // Back to the previous entry pops it; anything else is a step forward.
    if (s.length > 1 && s[s.length - 2] === location) s.pop();
    else if (s[s.length - 1] !== location) s.push(location);
    depth.current = s.length;
  }, [location]);

  useEffect(() => {
    if (!tg) return;
    return tg.setBackButton(depth.current > 1, () => history.back());
  }, [tg, location]);

  return null;
}
