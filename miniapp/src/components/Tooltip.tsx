// A hint on hover or focus, on Radix's Tooltip (components/TooltipHint.tsx). The header's hint is
// part of the first load, the library is not: it loads on the first hover or focus of a hinted
// element, which then stays focused if it was.
import { cloneElement, lazy, Suspense, useState, type ReactElement, type ReactNode } from 'react';

const TooltipHint = lazy(() => import('./TooltipHint.tsx'));

type Child = ReactElement<{ onPointerEnter?: () => void; onFocus?: () => void }>;

export function Tooltip({ content, children }: { content: ReactNode; children: Child }) {
  const [armed, setArmed] = useState<'pointer' | 'focus' | null>(null);
  if (!armed) return cloneElement(children, { onPointerEnter: () => setArmed('pointer'), onFocus: () => setArmed('focus') });
  return (
    <Suspense fallback={children}>
      <TooltipHint content={content} refocus={armed === 'focus'}>
        {children}
      </TooltipHint>
    </Suspense>
  );
}
