// Tooltip timing (spec §9): a tooltip opens after 700 ms of hover/focus; once one has closed, another
// opened within the 300 ms skip window opens at once (the Radix/Reka "skip delay" the constants come from).
import { TOOLTIP } from '@tracker/shared/limits';

export function createTooltipDelay(now: () => number = () => Date.now(), delay: number = TOOLTIP.delayMs, skipDelay: number = TOOLTIP.skipDelayMs) {
  let lastClosedAt = -Infinity;
  return {
    openDelay(): number {
      return now() - lastClosedAt < skipDelay ? 0 : delay;
    },
    closed() {
      lastClosedAt = now();
    },
  };
}

export const tooltipDelay = createTooltipDelay();
