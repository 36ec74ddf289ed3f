// Radix's Tooltip with the spec's timing (§9): it opens after 700 ms of hover; within 300 ms of
// another closing, at once. Loaded by components/Tooltip.tsx on first use.
import * as Radix from '@radix-ui/react-tooltip';
import { TOOLTIP } from '@tracker/shared/limits';
import { useEffect, useRef, type ReactElement, type ReactNode } from 'react';

export default function TooltipHint({ content, refocus, children }: { content: ReactNode; refocus: boolean; children: ReactElement }) {
  const trigger = useRef<HTMLButtonElement>(null);
  // The element was focused before this replaced it: focus the new one (which opens the hint). The
  // ref is typed as a button by Radix; it is whatever element the child renders.
  useEffect(() => {
    if (refocus) trigger.current?.focus();
  }, [refocus]);
  return (
    <Radix.Provider delayDuration={TOOLTIP.delayMs} skipDelayDuration={TOOLTIP.skipDelayMs}>
      <Radix.Root>
        <Radix.Trigger asChild ref={trigger}>
          {children}
        </Radix.Trigger>
        <Radix.Content className="tooltip" side="bottom" align="end" sideOffset={6} collisionPadding={8}>
          {content}
        </Radix.Content>
      </Radix.Root>
    </Radix.Provider>
  );
}
