// The app's own history, as the router changes it: wouter announces its pushState/replaceState as
// window events, the browser announces popstate. Telegram's BackButton needs to know whether an
// in-app page lies behind the current one (then it goes back) or not (deep link, reload: it goes up).
export interface HistorySource {
  addEventListener(type: string, fn: () => void): void;
  removeEventListener(type: string, fn: () => void): void;
}

export function appHistory(source: HistorySource, where: () => string) {
  const entries = [where()];
  let index = 0;
  const push = () => {
    entries.splice(index + 1, entries.length, where());
    index = entries.length - 1;
  };
  const replace = () => {
    entries[index] = where();
  };
  // popstate does not say its direction: the neighbour with this address decides (back by default).
  const pop = () => {
    const now = where();
    if (entries[index + 1] === now && entries[index - 1] !== now) index += 1;
    else if (index > 0) index -= 1;
    entries[index] = now;
  };
  source.addEventListener('pushState', push);
  source.addEventListener('replaceState', replace);
  source.addEventListener('popstate', pop);
  return {
    /** An in-app page lies behind the current one. */
    canGoBack: () => index > 0,
    stop() {
      source.removeEventListener('pushState', push);
      source.removeEventListener('replaceState', replace);
      source.removeEventListener('popstate', pop);
    },
  };
}
