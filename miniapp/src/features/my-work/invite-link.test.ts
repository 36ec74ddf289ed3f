import { describe, expect, it } from 'vitest';
import { inviteTokenIn } from './invite-link.ts';

const token = 'AbCdEfGhIjKlMnOpQrStUvWxYz012_-9';

describe('inviteTokenIn', () => {
  it('finds the token in the web link, the Telegram link or alone', () => {
    expect(inviteTokenIn(`https://tracker.example/en/invite/${token}`)).toBe(token);
    expect(inviteTokenIn(`  https://tracker.example/invite/${token}?utm=x `)).toBe(token);
    expect(inviteTokenIn(`https://t.me/tracker_bot?start=join_${token}`)).toBe(token);
    expect(inviteTokenIn(token)).toBe(token);
  });

  it('refuses anything else', () => {
    expect(inviteTokenIn('')).toBeNull();
    expect(inviteTokenIn('https://tracker.example/projects/WEB')).toBeNull();
    expect(inviteTokenIn(`https://tracker.example/invite/${token}x`)).toBeNull();
    expect(inviteTokenIn(`https://t.me/tracker_bot?start=link_${token}`)).toBeNull();
    expect(inviteTokenIn(token.slice(1))).toBeNull();
  });
});
