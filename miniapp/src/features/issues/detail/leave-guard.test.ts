import { describe, expect, it } from 'vitest';
import { leavingTo } from './leave-guard.ts';

const here = new URL('https://tracker.test/en/issues/WEB-7?tab=history');
const link = (href: string, more: { target?: string; download?: boolean } = {}) => ({ href, target: more.target ?? '', download: more.download ?? false });

describe('which link clicks leave the page', () => {
  it('asks for another in-app address, keeping its query and hash', () => {
    expect(leavingTo(link('/en/issues'), here)).toBe('/en/issues');
    expect(leavingTo(link('/en/issues/WEB-8?x=1#c4'), here)).toBe('/en/issues/WEB-8?x=1#c4');
    expect(leavingTo(link('https://tracker.test/en/projects/WEB'), here)).toBe('/en/projects/WEB');
  });

  it('lets through what does not leave this page in this tab', () => {
    expect(leavingTo(null, here)).toBeNull();
    expect(leavingTo(link('#c4'), here)).toBeNull();
    expect(leavingTo(link('/en/issues/WEB-7?tab=history#top'), here)).toBeNull();
    expect(leavingTo(link('/en/issues', { target: '_blank' }), here)).toBeNull();
    expect(leavingTo(link('/api/attachments/3', { download: true }), here)).toBeNull();
    expect(leavingTo(link('https://example.org/'), here)).toBeNull();
  });
});
