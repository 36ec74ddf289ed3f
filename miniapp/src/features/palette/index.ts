export { PaletteHost } from './PaletteHost.tsx';
export { viewedProject } from './keys.ts';
export { openPalette } from './open.ts';
