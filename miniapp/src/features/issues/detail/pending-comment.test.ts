import { describe, expect, it, vi } from 'vitest';

vi.mock('../../../lib/api/issue-detail.ts', () => ({ issueApi: {}, lookupApi: {} }));
const { pendingComment } = await import('./use-issue.ts');

describe('a comment shown before the server has it', () => {
  it('has an id the server never gives, and its text shown plain (escaped, line breaks kept)', () => {
    const a = pendingComment(3, 'a <b>bold</b> & more\nline two', { id: 1, name: 'Ann' }, new Date('2026-01-01T00:00:00Z'));
    const b = pendingComment(3, 'next', null);
    expect(a.id).toBeLessThan(0);
    expect(b.id).toBeLessThan(a.id);
    expect(a.bodyHtml).toBe('<p>a &lt;b&gt;bold&lt;/b&gt; &amp; more<br>line two</p>');
    expect(a).toMatchObject({ issueId: 3, body: 'a <b>bold</b> & more\nline two', createdAt: '2026-01-01T00:00:00.000Z', author: { id: 1, name: 'Ann' } });
  });
});
