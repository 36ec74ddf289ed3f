// `- [ ] to do` / `- [x] done` as read-only checkboxes labelled by their item: the markup of
// @mdit/plugin-tasklist (which this replaces), in one pass. That plugin looked for each item's list by
// walking back through every token before it — quadratic: 12,000 items (a 100 KB description) took
// seconds of the server's event loop on every read of the issue. Here the open lists are a stack.
import MarkdownIt from 'markdown-it';
import type { StateCore, Token } from 'markdown-it';

/** `checked`, `unchecked`, or null when the inline text does not start with a task box (`[ ] `, `[x] `). */
function boxOf(token: Token): 'checked' | 'unchecked' | null {
  const c = token.content;
  if (c.length < 4 || c[0] !== '[' || c[2] !== ']' || (c[3] !== ' ' && c[3] !== '\u00a0')) return null;
  if (c[1] === 'x' || c[1] === 'X') return 'checked';
  return c[1] === ' ' || c[1] === '\u00a0' ? 'unchecked' : null;
}

function addClass(token: Token, name: string) {
  const at = token.attrIndex('class');
  if (at < 0) token.attrPush(['class', name]);
  else token.attrs![at] = ['class', name];
}

function taskLists(state: StateCore): boolean {
  const tokens = state.tokens;
  const env = state.env as { tasklistId?: number };
  env.tasklistId ??= 0;
  const lists: Token[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token.type === 'bullet_list_open' || token.type === 'ordered_list_open') lists.push(token);
    else if (token.type === 'bullet_list_close' || token.type === 'ordered_list_close') lists.pop();
    if (i < 2 || token.type !== 'inline' || tokens[i - 1]!.type !== 'paragraph_open' || tokens[i - 2]!.type !== 'list_item_open') continue;
    const box = boxOf(token);
    if (!box) continue;
    token.children ??= [];
    if (token.children[0]) token.children[0].content = token.children[0].content.slice(3);
    const id = `task-item-${env.tasklistId++}`;
    const labelOpen = new state.Token('label_open', 'label', 1);
    labelOpen.attrs = [['class', 'task-list-item-label'], ['for', id]];
    token.children.unshift(labelOpen);
    token.children.push(new state.Token('label_close', 'label', -1));
    const input = new state.Token('checkbox_input', 'input', 0);
    input.attrs = [['type', 'checkbox'], ['class', 'task-list-item-checkbox'], ['id', id]];
    if (box === 'checked') input.attrs.push(['checked', 'checked']);
    input.attrs.push(['disabled', 'disabled']);
    token.children.unshift(input);
    addClass(tokens[i - 2]!, 'task-list-item');
    const list = lists.at(-1);
    if (list) addClass(list, 'task-list-container');
  }
  return true;
}

export function taskListPlugin(md: typeof MarkdownIt.prototype) {
  md.core.ruler.after('inline', 'task_list', taskLists);
}
