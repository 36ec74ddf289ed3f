import { describe, expect, it } from 'vitest';
import { ownerOf } from './first-load-report.ts';

describe('first-load report', () => {
  it('names a module by its package, or by the app folder it sits in', () => {
    expect(ownerOf('/w/node_modules/react-dom/cjs/react-dom-client.production.js')).toBe('react-dom');
    expect(ownerOf('/w/node_modules/@telegram-apps/telegram-ui/dist/index.js')).toBe('@telegram-apps/telegram-ui');
    expect(ownerOf('/w/node_modules/.pnpm/x/node_modules/i18next/dist/esm/i18next.js')).toBe('i18next');
    expect(ownerOf('/w/miniapp/src/app/Layout.tsx')).toBe('miniapp/src/app');
    expect(ownerOf('/w/miniapp/src/main.tsx')).toBe('miniapp/src/main');
    expect(ownerOf('/w/shared/src/i18n/ru/common.json')).toBe('shared/src/i18n');
  });
});
