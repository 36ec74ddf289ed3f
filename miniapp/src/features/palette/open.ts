// Opening the palette from a button (the sidebar's search) instead of Ctrl/⌘+K.
const target = new EventTarget();

export function openPalette(): void {
  target.dispatchEvent(new Event('open'));
}

export function onOpenPalette(listener: () => void): () => void {
  target.addEventListener('open', listener);
  return () => target.removeEventListener('open', listener);
}
