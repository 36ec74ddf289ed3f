// Debian's Chromium, never a downloaded browser (TOOLING.md, "Browser tests"): the flags keep it off
// the closed network, and the host rules stop its lookups of outside hosts (they also block
// `localhost`, so the tests use 127.0.0.1).
import { existsSync } from 'node:fs';
import { chromium, type BrowserServer } from 'playwright-core';

/**
 * Debian's `chromium-headless-shell` (the same Chromium build, packaged as the headless shell that
 * Playwright itself runs headless tests on): the whole e2e run took 288 s on it against 430 s on the
 * full browser's headless mode, which draws through the desktop browser's layers on 2 cores.
 * `/usr/bin/chromium` when the shell is not installed; `.ci/run` installs the shell.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
];

/** The browser every e2e file connects to (`launchBrowser` in browser.ts). */
export function launchBrowserServer(): Promise<BrowserServer> {
  return chromium.launchServer({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}
