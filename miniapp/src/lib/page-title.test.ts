import { describe, expect, it } from 'vitest';
import { documentTitle } from './page-title.ts';

describe('documentTitle', () => {
  it('names the page, then the product', () => {
    expect(documentTitle('WEB-12 Fix login', 'Tracker')).toBe('WEB-12 Fix login · Tracker');
    expect(documentTitle('Мои задачи', 'Трекер')).toBe('Мои задачи · Трекер');
  });
  it('is the product alone on its home page', () => {
    expect(documentTitle('Tracker', 'Tracker')).toBe('Tracker');
    expect(documentTitle('', 'Трекер')).toBe('Трекер');
  });
});
