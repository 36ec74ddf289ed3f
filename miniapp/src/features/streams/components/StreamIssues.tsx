import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button.tsx';
import type { IssueViews } from '../../../components/slots.ts';

/**
 * A stream spans projects while a board's columns are one project's statuses: the list, grouped by
 * status category (not by each project's own statuses), shows everything; the board shows the
 * stream's issues of one chosen project.
 */
export function StreamIssues({ streamId, views: { IssueBoard, IssueList } }: { streamId: number; views: IssueViews }) {
  const { t } = useTranslation();
  const [layout, setLayout] = useState<'list' | 'board'>('list');
  const [project, setProject] = useState<string | null>(null);
  const listQuery = useMemo(() => ({ stream: String(streamId) }), [streamId]);
  const boardQuery = useMemo((): Record<string, string> => (project ? { stream: String(streamId), project } : { stream: String(streamId) }), [streamId, project]);
  return (
    <div data-testid="stream-issues" data-stream={streamId} data-layout={layout}>
      <div className="segmented" role="group" aria-label={t('streams.page.issuesView')}>
        {(['list', 'board'] as const).map((l) => (
          <button key={l} type="button" aria-pressed={layout === l} onClick={() => setLayout(l)} data-testid={`stream-issues-${l}`}>
            {t(`streams.page.${l}`)}
          </button>
        ))}
      </div>
      {layout === 'list' ? (
        <IssueList query={listQuery} group="category" />
      ) : (
        <>
          {project && (
            <p>
              <Button size="small" onClick={() => setProject(null)}>
                {t('streams.page.otherProject', { key: project })}
              </Button>
            </p>
          )}
          <IssueBoard query={boardQuery} onChooseProject={setProject} />
        </>
      )}
    </div>
  );
}
