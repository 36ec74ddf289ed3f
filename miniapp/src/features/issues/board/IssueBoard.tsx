import { useCallback, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { FailureAlert, FormAlert } from '../../../components/FormAlert.tsx';
import { Loading } from '../../../components/Loading.tsx';
import { toast } from '../../../lib/toasts.ts';
import { csvItems } from '../filters/url.ts';
import { useListProject } from '../../../store/use-projects.ts';
import { moveIssueOptimistic } from '../../../store/index.ts';
import { applyPlacement, byBoardOrder, isNoop, placeAt } from './order.ts';
import { useBoardDrag } from './use-drag.ts';
import './board.css';
import { BoardCardSlot, DragGhost, visibleIndex } from './BoardCard.tsx';
import { ChooseProject } from './ChooseProject.tsx';
import { useBoardCards } from './use-board-cards.ts';
import { ColorDot } from '../../../components/ColorDot.tsx';
import { haptic } from '../../../platform/use-main-button.ts';
import { errorText } from '../../../lib/error-text.ts';

export interface IssueBoardProps {
  /** Filters fixed by the embedding page; one of them (or of `filters`) must name the project. */
  query?: Record<string, string>;
  filters?: Record<string, string>;
  /** Shown when no project is chosen; without it the board only says a project is needed. */
  onChooseProject?: (key: string) => void;
}

export default function IssueBoard({ query, filters = {}, onChooseProject }: IssueBoardProps) {
  const merged = useMemo(() => ({ ...filters, ...query }), [filters, query]);
  const projectRef = merged.project;
  if (!projectRef) return <ChooseProject onChoose={onChooseProject} />;
  return <Board key={projectRef} projectRef={projectRef} filters={merged} />;
}

function Board({ projectRef, filters }: { projectRef: string; filters: Record<string, string> }) {
  const { t } = useTranslation();
  const { project, missing } = useListProject(projectRef);
  const { cards: issues, error, place } = useBoardCards(filters, project?.project.id ?? null);
  const issuesRef = useRef(issues);
  issuesRef.current = issues;
  const scroller = useRef<HTMLDivElement>(null);

  const move = useCallback(
    async (id: number, statusId: number, index: number) => {
      const before = issuesRef.current;
      if (!before) return;
      const placement = placeAt(before, id, statusId, index);
      if (isNoop(before, id, placement)) return;
      const wasStatus = before.find((b) => b.id === id)?.statusId;
      const body = { statusId: placement.statusId, beforeId: placement.beforeId, afterId: placement.afterId };
      // Through the store's outbox: the card lands in the same frame; a refusal is rolled back and
      // toasted by it; offline, the move waits there.
      const queued = moveIssueOptimistic(id, body, { statusId: placement.statusId, sortOrder: placement.sortOrder });
      if (!queued) return toast({ title: t('issues.board.moveFailed'), color: 'error' }); // the store is not open yet
      place((cards) => applyPlacement(cards, id, placement));
      await queued.then(
        ({ issue }) => haptic(issue.statusId === wasStatus ? 'light' : 'success'),
        () => haptic('error'),
      );
    },
    [t, place],
  );

  const { drag, onPointerDown } = useBoardDrag((id, target) => void move(id, target.statusId, target.index), scroller);

  if (missing) return <FailureAlert textKey="errors.notFound.project" />;
  if (error) return <FormAlert message={errorText(error, t)} />;
  if (!project || !issues) return <Loading />;

  const shownStatuses = csvItems(filters.status).map(Number);
  const statuses = shownStatuses.length ? project.statuses.filter((s) => shownStatuses.includes(s.id)) : project.statuses;
  const columns = statuses.map((s) => ({ status: s, cards: issues.filter((i) => i.statusId === s.id).sort(byBoardOrder) }));
  const dragged = drag ? issues.find((i) => i.id === drag.id) : undefined;

  return (
    <div className={`board${drag ? ' board--dragging' : ''}`} ref={scroller} data-testid="issue-board">
      <p className="visually-hidden">{t('issues.board.help')}</p>
      {columns.map(({ status, cards }) => (
        <section key={status.id} className={`board-column${cards.length === 0 && !drag ? ' board-column--empty' : ''}`} data-column-id={status.id} data-testid="board-column" data-status-name={status.name} aria-labelledby={`col-${status.id}`}>
          <h2 className="board-column__title" id={`col-${status.id}`}>
            <ColorDot color={status.color} className="status-chip__dot" />
            <span>{status.name}</span>
            <span className="issue-group__count" aria-label={t('issues.board.count', { count: cards.length })}>
              {cards.length}
            </span>
          </h2>
          <ol className="stack board-column__cards">
            {cards.map((issue, i) => (
              <BoardCardSlot
                key={issue.id}
                issue={issue}
                project={project}
                dropBefore={drag?.target?.statusId === status.id && visibleIndex(cards, drag.id, drag.target.index) === i}
                dragging={drag?.id === issue.id}
                canUp={i > 0}
                canDown={i < cards.length - 1}
                onPointerDown={onPointerDown}
                onMove={(statusId) => void move(issue.id, statusId, Number.MAX_SAFE_INTEGER)}
                onShift={(delta) => {
                  const others = cards.filter((c) => c.id !== issue.id);
                  void move(issue.id, status.id, Math.max(0, Math.min(others.length, i + delta)));
                }}
              />
            ))}
            {drag?.target?.statusId === status.id && visibleIndex(cards, drag.id, drag.target.index) === cards.length && <li className="board-drop" aria-hidden="true" />}
          </ol>
          {cards.length === 0 && !drag && <p className="board-column__empty">{t('issues.board.emptyColumn')}</p>}
        </section>
      ))}
      {drag && dragged && <DragGhost drag={drag} issue={dragged} project={project} />}
    </div>
  );
}
