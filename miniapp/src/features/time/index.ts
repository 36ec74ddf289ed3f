// What other features may use from time tracking: the issue page's section and the duration text.
export { TimeSection } from './components/TimeSection.tsx';
export { duration } from './format.ts';
