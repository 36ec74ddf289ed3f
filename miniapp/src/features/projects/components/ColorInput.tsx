import { useEffect, useRef, type InputHTMLAttributes } from 'react';

/** A colour input that reports a choice once the picker settles (not on every drag step). */
export function ColorInput({ value, onCommit, ...rest }: { value: string; onCommit: (color: string) => void } & Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type'>) {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <input
      type="color"
      defaultValue={value}
      key={value}
      onChange={(e) => {
        const next = e.target.value;
        clearTimeout(timer.current);
        timer.current = setTimeout(() => next !== value && onCommit(next), 400);
      }}
      {...rest}
    />
  );
}
