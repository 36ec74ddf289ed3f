import MarkdownIt, { type StateCore, type Token } from 'markdown-it';
import { taskListPlugin } from './markdown-tasklist.ts';

// Raw HTML is off, so `<script>` and `onerror=` come out as text; markdown-it's default validateLink
// refuses javascript:, vbscript:, file: and non-image data: URLs.
const md = new MarkdownIt({ html: false, linkify: true, breaks: true });

const MENTION = /(^|\s)@([\p{L}\p{N}_.-]{1,32})/gu;

/** `WEB-12`: a project key (2–10 capitals) and an issue number, as a word of its own. */
const ISSUE_KEY = /(?<![\p{L}\p{N}_-])([A-Z]{2,10}-[1-9]\d{0,8})(?![\p{L}\p{N}_]|-\d)/gu;

/** One piece of a text token's content turned into tokens: where it starts and ends, and what it becomes. */
type Replace = (m: RegExpMatchArray, state: StateCore, level: number) => { start: number; end: number; tokens: Token[] } | null;

/**
 * Walks the text of every inline block, outside links (and so outside code, which is not text),
 * and replaces what `pattern` finds with tokens.
 */
function replaceInText(pattern: RegExp, replace: Replace) {
  return (state: StateCore) => {
    for (const block of state.tokens) {
      if (block.type !== 'inline' || !block.children) continue;
      const out: Token[] = [];
      let inLink = 0;
      for (const token of block.children) {
        if (token.type === 'link_open') inLink++;
        if (token.type === 'link_close') inLink--;
        pattern.lastIndex = 0;
        if (token.type !== 'text' || inLink > 0 || !pattern.test(token.content)) {
          out.push(token);
          continue;
        }
        pattern.lastIndex = 0; // test() moved it, and matchAll starts from it
        let at = 0;
        for (const m of token.content.matchAll(pattern)) {
          const found = replace(m, state, token.level);
          // A match inside what the last one took (a mention by a full name) is part of it.
          if (!found || found.start < at) continue;
          if (found.start > at) out.push(text(state, token.content.slice(at, found.start), token.level));
          out.push(...found.tokens);
          at = found.end;
        }
        if (at < token.content.length) out.push(text(state, token.content.slice(at), token.level));
      }
      block.children = out;
    }
  };
}

function text(state: StateCore, content: string, level: number): Token {
  const t = new state.Token('text', '', 0);
  t.content = content;
  t.level = level;
  return t;
}

/**
 * Issue keys in text become links (issue 15): `<a class="issue-ref" data-issue-key="WEB-12"
 * href="/issues/WEB-12">`. Not inside links or code; the app opens them in its own language.
 */
const issueKeys = replaceInText(ISSUE_KEY, (m, state, level) => {
  const key = m[1]!;
  const open = new state.Token('link_open', 'a', 1);
  open.attrs = [['href', `/issues/${key}`], ['class', 'issue-ref'], ['data-issue-key', key]];
  open.level = level;
  const close = Object.assign(new state.Token('link_close', 'a', -1), { level });
  return { start: m.index!, end: m.index! + key.length, tokens: [open, text(state, key, level + 1), close] };
});
md.core.ruler.after('linkify', 'issue_keys', issueKeys);

/**
 * `@handle` in text (not in links or code) becomes a chip: `<span class="mention">@handle</span>`; so
 * does `@Full Name` of a person the text mentions (`mentionedNames`), as the composer inserts names.
 */
const mentions = replaceInText(MENTION, (m, state, level) => {
  const start = m.index! + m[1]!.length;
  const full = fullNameAt(m.input!, start, (state.env as RenderOptions | undefined)?.mentionedNames);
  if (full) {
    const chip = Object.assign(new state.Token('mention', 'span', 0), { content: full, level, meta: { name: full } });
    return { start, end: start + 1 + full.length, tokens: [chip] };
  }
  // A trailing dot is punctuation ("thanks @ivan."), not part of the name.
  const name = m[2]!.replace(/\.+$/, '');
  if (!name) return null;
  const chip = Object.assign(new state.Token('mention', 'span', 0), { content: name, level });
  return { start, end: start + 1 + name.length, tokens: [chip] };
});

/** The longest of `names` written right after the `@` at `at` (any case), as the text spells it. */
function fullNameAt(text: string, at: number, names: readonly string[] | undefined): string | null {
  let best: string | null = null;
  for (const name of names ?? []) {
    if (name.length > (best?.length ?? 0) && mentionAt(text, at, name)) best = text.slice(at + 1, at + 1 + name.length);
  }
  return best;
}

const NAME_ENDS = /^(?![\p{L}\p{N}_])/u;
const mentionAt = (text: string, at: number, name: string) =>
  text[at] === '@' && text.slice(at + 1, at + 1 + name.length).toLowerCase() === name.toLowerCase() && NAME_ENDS.test(text.slice(at + 1 + name.length));

/** Whether `text` mentions `name` as the composer writes it: `@Full Name`, at the start or after whitespace. */
export function mentionsName(text: string, name: string): boolean {
  if (!name.trim()) return false;
  for (let at = text.indexOf('@'); at >= 0; at = text.indexOf('@', at + 1)) {
    if ((at === 0 || /\s/u.test(text[at - 1]!)) && mentionAt(text, at, name)) return true;
  }
  return false;
}
md.core.ruler.after('issue_keys', 'mentions', mentions);
// Shown by the person's name when the caller knows whom the handle names (`RenderOptions`).
md.renderer.rules.mention = (tokens, idx, _options, env) => {
  const handle = tokens[idx]!.content;
  const name = (tokens[idx]!.meta as { name?: string } | null)?.name ?? (env as RenderOptions | undefined)?.mentionName?.(handle);
  return name ? `<span class="mention" title="@${md.utils.escapeHtml(handle)}">@${md.utils.escapeHtml(name)}</span>` : `<span class="mention">@${md.utils.escapeHtml(handle)}</span>`;
};

// `- [ ] to do` / `- [x] done`: read-only checkboxes, labelled by their item (linear: markdown-tasklist.ts).
md.use(taskListPlugin);

export interface RenderOptions {
  /** The display name of the person a `@handle` names, if known (a comment's resolved mentions). */
  mentionName?: (handle: string) => string | undefined;
  /** The full names of the people the text mentions, shown whole where written as `@Full Name`. */
  mentionedNames?: readonly string[];
}

/** Markdown (comments, descriptions) → HTML that is safe to insert into a page. */
export function renderMarkdown(src: string, options: RenderOptions = {}): string {
  const html = md.render(src, { ...options } as Record<string, unknown>);
  if (!html.includes('task-item-')) return html;
  // The plugin numbers its checkboxes per render; a page shows many renders (description, comments),
  // so the ids get a prefix of this text's own, keeping each label tied to its own box.
  const prefix = `task-${hash(src)}`;
  return html.replace(/(id|for)="task-item-(\d+)"/g, (_m, attr: string, n: string) => `${attr}="${prefix}-${n}"`);
}

/** FNV-1a, base 36: short and stable for the same text. */
function hash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(36);
}


/** `@name` tokens at the start or after whitespace, without the `@`, unique, in order of appearance. */
export function extractMentions(src: string): string[] {
  const seen = new Set<string>();
  for (const match of src.matchAll(MENTION)) {
    // A trailing dot is punctuation ("thanks @ivan."), not part of the name.
    const name = match[2]!.replace(/\.+$/, '');
    if (name) seen.add(name);
  }
  return [...seen];
}
