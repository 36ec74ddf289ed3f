import { describe, expect, it } from 'vitest';
import { canonicalUrl, errorTitle, fallbackTitle } from './head.ts';

describe('title fallback', () => {
  it('title-cases the last path segment', () => {
    expect(fallbackTitle('/issues/create')).toBe('Create');
    expect(fallbackTitle('/admin/custom-fields')).toBe('Custom Fields');
    expect(fallbackTitle('/user/change_password/3')).toBe('3');
    expect(fallbackTitle('/en/user/recover-password')).toBe('Recover Password');
    expect(fallbackTitle('/')).toBe('');
  });
  it('uses status and message for errors', () => {
    expect(errorTitle(404, 'Page Not Found')).toBe('404 · Page Not Found');
  });
});

describe('canonical url', () => {
  it('keeps whitelisted params sorted and lower-cases the path', () => {
    expect(canonicalUrl('https://t.example/', '/Blog', '?utm_source=x&tag=b&page=2&tag=a')).toBe('https://t.example/blog?page=2&tag=a&tag=b');
    expect(canonicalUrl('https://t.example', '/issues', '?fbclid=1')).toBe('https://t.example/issues');
  });
});
