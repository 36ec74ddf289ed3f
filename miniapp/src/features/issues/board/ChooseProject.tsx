// The board needs one project: without one it offers the user's projects to choose from.
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button.tsx';
import { useStoreReference } from '../../../store/index.ts';
import { ColorDot } from '../../../components/ColorDot.tsx';

export function ChooseProject({ onChoose }: { onChoose?: (key: string) => void }) {
  const { t } = useTranslation();
  const projects = useStoreReference()?.projects;
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
