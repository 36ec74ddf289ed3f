export { PaletteHost } from './PaletteHost.tsx';
export { isTypingTarget, viewedProject } from './keys.ts';
export { openPalette } from './open.ts';
