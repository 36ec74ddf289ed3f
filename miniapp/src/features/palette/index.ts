export { PaletteHost } from './PaletteHost.tsx';
