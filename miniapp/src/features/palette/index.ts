export { PaletteHost } from './PaletteHost.tsx';
export { isTypingTarget } from './keys.ts';
export { openPalette } from './open.ts';
