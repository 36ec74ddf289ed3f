import type { User } from '@tracker/shared/api/users';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { auth } from '../../lib/auth.ts';
import { inboxUnreadCount, setInboxUnread } from './unread.ts';

describe('inbox unread count', () => {
  beforeEach(() => auth.hydrate({ id: 1, name: 'Ann', roles: [] } as unknown as User));
  afterEach(() => {
    vi.unstubAllGlobals();
    setInboxUnread(0);
    auth.logout();
  });

  it('shows the count on the app badge where the Badging API exists, and clears it at zero', () => {
    const setAppBadge = vi.fn(() => Promise.resolve());
    const clearAppBadge = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { setAppBadge, clearAppBadge });
    setInboxUnread(3);
    expect(inboxUnreadCount()).toBe(3);
    expect(setAppBadge).toHaveBeenCalledWith(3);
    setInboxUnread(3);
    expect(setAppBadge).toHaveBeenCalledTimes(1);
    setInboxUnread(-1);
    expect(inboxUnreadCount()).toBe(0);
    expect(clearAppBadge).toHaveBeenCalledTimes(1);
  });

  it('keeps counting without the API (Telegram, Firefox) and ignores a refused badge', async () => {
    vi.stubGlobal('navigator', {});
    setInboxUnread(2);
    expect(inboxUnreadCount()).toBe(2);
    vi.stubGlobal('navigator', { setAppBadge: () => Promise.reject(new Error('NotAllowedError')) });
    setInboxUnread(5);
    await Promise.resolve();
    expect(inboxUnreadCount()).toBe(5);
  });
});
