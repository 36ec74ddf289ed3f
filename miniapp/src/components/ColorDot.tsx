import { useReadableColor } from '../lib/theme-watch.ts';

/**
 * A user-chosen colour (status, label, project) as a small marker, shifted just enough to keep
 * 4.5:1 on the current theme's backgrounds; it follows a live theme change.
 */
export function ColorDot({ color, className = 'dot' }: { color: string; className?: string }) {
  const readable = useReadableColor();
  return <span className={className} style={{ background: readable(color) }} data-color={color} aria-hidden="true" />;
}
