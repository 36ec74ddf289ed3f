import type { Project } from '@tracker/shared/api/projects';
import { textOn } from '../lib/readable-color.ts';
import { useReadableColor, useThemeColors } from '../lib/theme-watch.ts';
import '../styles/meter.css';

/** The project's colour square with its icon (or key initial); decorative next to the name. */
export function ProjectBadge({ project, size = 32 }: { project: Pick<Project, 'color' | 'icon' | 'key'>; size?: number }) {
  // The square keeps 4.5:1 on the page, and its letter 4.5:1 on the square.
  const theme = useThemeColors();
  const fill = useReadableColor()(project.color);
  return (
    <span className="pbadge" aria-hidden="true" style={{ background: fill, color: textOn(fill, [theme.bg, theme.text]), width: size, height: size, fontSize: size * 0.5 }}>
      {project.icon || project.key.slice(0, 1)}
    </span>
  );
}

export function Meter({ percent, label, testId }: { percent: number; label: string; testId?: string }) {
  return (
    <div className="meter" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-label={label} data-testid={testId}>
      <span className="meter__fill" style={{ width: `${percent}%` }} />
    </div>
  );
}
