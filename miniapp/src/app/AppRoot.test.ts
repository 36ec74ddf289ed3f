import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { TGUI_ROOT_CLASSES } from './AppRoot.tsx';

describe("the app's telegram-ui root", () => {
  it("gives the root, iOS and dark classes of the installed package's AppRoot, in its conditions", () => {
    const file = createRequire(import.meta.url).resolve('@telegram-apps/telegram-ui/dist/components/Service/AppRoot/AppRoot.js');
    const source = readFileSync(file, 'utf8').replace(/\s+/g, ' ');
    const { root, ios, dark } = TGUI_ROOT_CLASSES;
    expect(source).toContain(`classNames("${root}", platform === 'ios' && "${ios}", appearance === 'dark' && "${dark}", className)`);
  });
});
