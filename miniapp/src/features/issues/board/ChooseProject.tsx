// The board needs one project: without one it offers the user's projects to choose from.
import type { Project } from '@tracker/shared/api/projects';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button.tsx';
import { listProjects } from '../api.ts';
import { ColorDot } from '../../../components/ColorDot.tsx';

export function ChooseProject({ onChoose }: { onChoose?: (key: string) => void }) {
  const { t } = useTranslation();
  const [projects, setProjects] = useState<Project[] | null>(null);
  useEffect(() => {
    if (onChoose) listProjects().then(setProjects, () => setProjects([]));
  }, [onChoose]);
  return (
    <div className="issues-empty" data-testid="board-choose-project">
      <p>{t('issues.board.chooseProject')}</p>
      {onChoose && projects && (
        <ul className="board-projects">
          {projects.map((p) => (
            <li key={p.id}>
              <Button onClick={() => onChoose(p.key)} data-testid={`board-project-${p.key}`}>
                <ColorDot color={p.color} className="status-chip__dot" />
                {p.key} · {p.name}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
