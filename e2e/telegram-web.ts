// Telegram Web imitation: a routed https://web.telegram.org page frames the mini app (cross-site,
// as Telegram Web K/A do) in a browser that blocks third-party cookies, so the session can travel
// only in the X-Session-Token header. The page records the app's postMessage calls, answers the
// theme and viewport requests, and downloads what the app asks it to, the way Telegram Web does.
import { chromium, type Browser, type Frame, type Page } from 'playwright-core';
import { baseUrl, newContext } from './browser.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.ts';
import { THEMES } from './telegram-client.ts';

/**
 * Chromium that lets an https page frame our http://127.0.0.1 test server (private-network and
 * mixed-content blocks would stop the frame before our code runs) and refuses third-party cookies.
 */
export function launchFramingBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      ...CHROMIUM_ARGS,
      '--test-third-party-cookie-phaseout',
      '--allow-running-insecure-content',
      '--disable-features=PrivateNetworkAccessForNavigations,PrivateNetworkAccessRespectPreflightResults,LocalNetworkAccessChecks,BlockInsecurePrivateNetworkRequests',
    ],
  });
}

const PAGE = (appUrl: string, theme: Record<string, string>) => `<!doctype html><title>Telegram Web</title>
<iframe id="app" src="${appUrl}" style="width:400px;height:740px" allow="clipboard-write"></iframe>
<script>
  const frame = document.getElementById('app');
  window.__tgWeb = { calls: [] };
  const send = (eventType, eventData) => frame.contentWindow.postMessage(JSON.stringify({ eventType, eventData }), '*');
  addEventListener('message', (e) => {
    if (e.source !== frame.contentWindow) return;
    let msg; try { msg = JSON.parse(e.data); } catch { return; }
    window.__tgWeb.calls.push({ method: msg.eventType, params: msg.eventData });
    if (msg.eventType === 'web_app_request_theme') send('theme_changed', { theme_params: ${JSON.stringify(theme)} });
    if (msg.eventType === 'web_app_request_viewport') send('viewport_changed', { height: 740, width: 400, is_expanded: true, is_state_stable: true });
    // Telegram Web downloads the file itself, from its own page (the user agrees to its dialog).
    if (msg.eventType === 'web_app_request_file_download') {
      const a = document.createElement('a');
      a.href = msg.eventData.url;
      a.download = msg.eventData.file_name;
      document.body.append(a);
      a.click();
      a.remove();
      send('file_download_requested', { status: 'downloading' });
    }
  });
</script>`;

/** Opens Telegram Web with the mini app at `launch` (a path with launch parameters, see launchUrl). */
export async function openInTelegramWeb(browser: Browser, launch: string): Promise<{ page: Page; app: () => Frame }> {
  const context = await newContext(browser, { viewport: { width: 1000, height: 800 } });
  const page = await context.newPage();
  // Telegram Web's own platform name; the launch parameters are otherwise a desktop client's.
  const appUrl = baseUrl() + launch.replace('tgWebAppPlatform=tdesktop', 'tgWebAppPlatform=weba');
  await page.route('https://web.telegram.org/**', (route) => route.fulfill({ contentType: 'text/html', body: PAGE(appUrl, THEMES.tdesktop.dark) }));
  await page.goto('https://web.telegram.org/a/');
  const app = () => {
    const frame = page.frames().find((f) => f !== page.mainFrame() && f.url().startsWith(baseUrl()));
    if (!frame) throw new Error('the mini app frame is not there');
    return frame;
  };
  return { page, app };
}

/** The app's calls to Telegram Web (postMessage to the parent), in order. */
export function tgWebCalls(page: Page): Promise<{ method: string; params: unknown }[]> {
  return page.evaluate(() => (window as unknown as { __tgWeb: { calls: { method: string; params: unknown }[] } }).__tgWeb.calls);
}
