// The keyboard (and screen reader) way to move a card: a menu button with "move to status" items
// and moves up/down inside the column.
import type { Status } from '@tracker/shared/api/projects';
import { useTranslation } from 'react-i18next';
import { ColorDot } from '../../../components/ColorDot.tsx';
import { Menu, MenuItem, MenuLabel, MenuSeparator } from '../../../components/Menu.tsx';

interface Props {
  issueKey: string;
  statuses: Status[];
  currentStatusId: number;
  canUp: boolean;
  canDown: boolean;
  onMove: (statusId: number) => void;
  onShift: (delta: -1 | 1) => void;
}

export function CardMenu({ issueKey, statuses, currentStatusId, canUp, canDown, onMove, onShift }: Props) {
  const { t } = useTranslation();
  return (
    <div className="card-menu">
      <Menu
        label={t('issues.board.moveTo')}
        align="end"
        trigger={
          <button type="button" className="card-menu__button" aria-label={t('issues.board.cardMenu', { key: issueKey })} data-testid="card-menu">
            ⋯
          </button>
        }
      >
        <MenuLabel>{t('issues.board.moveTo')}</MenuLabel>
        {statuses.map((s) => (
          <MenuItem key={s.id} checked={s.id === currentStatusId} onSelect={() => s.id !== currentStatusId && onMove(s.id)} testId={`move-to-${s.id}`}>
            <ColorDot color={s.color} className="status-chip__dot" />
            {s.name}
            {s.id === currentStatusId && <span className="card-menu__current">{t('issues.board.current')}</span>}
          </MenuItem>
        ))}
        <MenuSeparator />
        <MenuItem disabled={!canUp} onSelect={() => onShift(-1)}>
          {t('issues.board.moveUp')}
        </MenuItem>
        <MenuItem disabled={!canDown} onSelect={() => onShift(1)}>
          {t('issues.board.moveDown')}
        </MenuItem>
      </Menu>
    </div>
  );
}
