import { useEffect, useState } from 'react';
import { icons } from '../lib/icons.ts';

/** An Iconify icon (`set:name`) from the local icon API; renders an empty box until loaded or if missing. */
export function Icon({ name, size = 20, className }: { name: string; size?: number; className?: string }) {
  const [icon, setIcon] = useState(() => icons.get(name));
  useEffect(() => {
    let live = true;
    if (icons.get(name) === undefined) void icons.load([name]).then(() => live && setIcon(icons.get(name)));
    else setIcon(icons.get(name));
    return () => {
      live = false;
    };
  }, [name]);
  if (!icon) return <span className={['icon', className].filter(Boolean).join(' ')} style={{ width: size, height: size }} aria-hidden="true" />;
  return (
    <svg
      className={['icon', className].filter(Boolean).join(' ')}
      width={size}
      height={size}
      viewBox={`0 0 ${icon.width} ${icon.height}`}
      aria-hidden="true"
      focusable="false"
      // Icon bodies come from our own server's installed icon sets, never from users.
      dangerouslySetInnerHTML={{ __html: icon.body }}
    />
  );
}
