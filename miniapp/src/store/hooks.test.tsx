import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { applyBootstrap } from './apply.ts';
import { useIssue, useIssueIds } from './hooks.ts';
import { syncState } from './session.ts';
import { clearData } from './model.ts';
import { bootstrapOf, issue } from './test-data.ts';

function List() {
  const ids = useIssueIds({ sort: 'priority', order: 'desc', project: 'PA' });
  return <ol>{ids.join(',')}</ol>;
}
function Title({ id }: { id: number }) {
  return <h1>{useIssue(id)?.title ?? '?'}</h1>;
}

afterEach(() => clearData(syncState()));

describe('store hooks', () => {
  it('render a query and an issue from the store', () => {
    applyBootstrap(syncState(), bootstrapOf({ issues: [issue(1, 1, { priority: 'low' }), issue(2, 1, { priority: 'urgent', title: 'Fire' }), issue(4, 2)] }));
    expect(renderToString(<List />)).toBe('<ol>2,1</ol>');
    expect(renderToString(<Title id={2} />)).toBe('<h1>Fire</h1>');
    expect(renderToString(<Title id={9} />)).toBe('<h1>?</h1>');
  });
});
