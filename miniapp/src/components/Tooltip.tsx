import { cloneElement, useEffect, useId, useRef, useState, type ReactElement, type ReactNode } from 'react';
import { tooltipDelay } from '../lib/tooltip-delay.ts';

/** Shows `content` after hovering or focusing the wrapped element (700 ms; 0 within the skip window). */
export function Tooltip({ content, children }: { content: ReactNode; children: ReactElement<{ 'aria-describedby'?: string }> }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const clear = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };
  const show = () => {
    clear();
    timer.current = setTimeout(() => setOpen(true), tooltipDelay.openDelay());
  };
  const hide = () => {
    clear();
    setOpen((was) => {
      if (was) tooltipDelay.closed();
      return false;
    });
  };
  useEffect(() => clear, []);

  return (
    <span
      className="tooltip-anchor"
      onPointerEnter={show}
      onPointerLeave={hide}
      onFocus={show}
      onBlur={hide}
      onKeyDown={(e) => e.key === 'Escape' && hide()}
    >
      {cloneElement(children, { 'aria-describedby': open ? id : undefined })}
      {open && (
        <span role="tooltip" id={id} className="tooltip">
          {content}
        </span>
      )}
    </span>
  );
}
