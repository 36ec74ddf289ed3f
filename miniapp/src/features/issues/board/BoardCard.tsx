// One card of the board: its body (priority, key, title, labels, due date, assignee), the
// keyboard menu, the drop indicator before it, and the ghost that follows the pointer in a drag.
import type { IssueListItem } from '@tracker/shared/api/issues';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useHref, useLocale } from '../../../lib/use-locale.ts';
import { Avatar, DueDate, isClosed, LabelChips, PriorityIcon } from '../../../components/issue/bits.tsx';
import { SlaBadge } from '../../../components/issue/SlaBadge.tsx';
import type { ListProject } from '../../../store/use-projects.ts';
import { CardMenu } from './CardMenu.tsx';
import type { DragState } from './use-drag.ts';

/** The drop indicator's position among all cards (the target index excludes the dragged card). */
export function visibleIndex(cards: IssueListItem[], draggedId: number, index: number): number {
  const others = cards.filter((c) => c.id !== draggedId);
  const below = others[index];
  return below ? cards.indexOf(below) : cards.length;
}

interface SlotProps {
  issue: IssueListItem;
  project: ListProject;
  dropBefore: boolean;
  dragging: boolean;
  canUp: boolean;
  canDown: boolean;
  onPointerDown: (e: React.PointerEvent<HTMLElement>, id: number) => void;
  onMove: (statusId: number) => void;
  onShift: (delta: -1 | 1) => void;
}

export function BoardCardSlot({ dropBefore, ...props }: SlotProps) {
  return (
    <>
      {dropBefore && <li className="board-drop" aria-hidden="true" />}
      <BoardCard {...props} />
    </>
  );
}

const BoardCard = memo(function BoardCard({ issue, project, dragging, canUp, canDown, onPointerDown, onMove, onShift }: Omit<SlotProps, 'dropBefore'>) {
  return (
    <li className={`board-card${dragging ? ' board-card--placeholder' : ''}`} data-card-id={issue.id} data-testid="board-card" data-issue-key={issue.key} onPointerDown={(e) => onPointerDown(e, issue.id)}>
      <CardBody issue={issue} project={project} />
      <CardMenu issueKey={issue.key} statuses={project.statuses} currentStatusId={issue.statusId} canUp={canUp} canDown={canDown} onMove={onMove} onShift={onShift} />
    </li>
  );
});

function CardBody({ issue, project }: { issue: IssueListItem; project: ListProject }) {
  const { t } = useTranslation();
  const href = useHref();
  const locale = useLocale();
  const labels = project.labels.filter((l) => issue.labelIds.includes(l.id));
  return (
    <div className="board-card__body">
      <div className="board-card__top">
        <PriorityIcon priority={issue.priority} t={t} />
        <span className="issue-row__key">{issue.key}</span>
      </div>
      <Link href={href('issue', { id: issue.key })} className="board-card__title" draggable={false}>
        {issue.title}
      </Link>
      <div className="board-card__meta">
        <LabelChips labels={labels} />
        <SlaBadge issue={issue} locale={locale} t={t} />
        <DueDate dueDate={issue.dueDate} completedAt={issue.completedAt} done={isClosed(project.statuses.find((s) => s.id === issue.statusId))} locale={locale} t={t} />
        {issue.assignee ? (
          <span className="issue-row__assignee" title={issue.assignee.name}>
            <Avatar name={issue.assignee.name} />
            <span className="visually-hidden">{issue.assignee.name}</span>
          </span>
        ) : (
          <span className="visually-hidden">{t('issues.list.unassigned')}</span>
        )}
      </div>
    </div>
  );
}

export function DragGhost({ drag, issue, project }: { drag: DragState; issue: IssueListItem; project: ListProject }) {
  return (
    <div className="board-card board-card--ghost" style={{ width: drag.width, transform: `translate(${drag.x - drag.offsetX}px, ${drag.y - drag.offsetY}px)` }} aria-hidden="true">
      <CardBody issue={issue} project={project} />
    </div>
  );
}
