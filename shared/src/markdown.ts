import MarkdownIt, { type StateCore, type Token } from 'markdown-it';

// Raw HTML is off, so `<script>` and `onerror=` come out as text; markdown-it's default validateLink
// refuses javascript:, vbscript:, file: and non-image data: URLs.
const md = new MarkdownIt({ html: false, linkify: true, breaks: true });

/** `WEB-12`: a project key (2–10 capitals) and an issue number, as a word of its own. */
const ISSUE_KEY = /(?<![\p{L}\p{N}_-])([A-Z]{2,10}-[1-9]\d{0,8})(?![\p{L}\p{N}_]|-\d)/gu;

/**
 * Issue keys in text become links (issue 15): `<a class="issue-ref" data-issue-key="WEB-12"
 * href="/issues/WEB-12">`. Not inside links or code; the app opens them in its own language.
 */
function issueKeys(state: StateCore) {
  for (const block of state.tokens) {
    if (block.type !== 'inline' || !block.children) continue;
    const out: Token[] = [];
    let inLink = 0;
    for (const token of block.children) {
      if (token.type === 'link_open') inLink++;
      if (token.type === 'link_close') inLink--;
      if (token.type !== 'text' || inLink > 0 || !ISSUE_KEY.test(token.content)) {
        out.push(token);
        continue;
      }
      ISSUE_KEY.lastIndex = 0;
      let at = 0;
      for (const m of token.content.matchAll(ISSUE_KEY)) {
        const key = m[1]!;
        if (m.index > at) out.push(text(state, token.content.slice(at, m.index), token.level));
        const open = new state.Token('link_open', 'a', 1);
        open.attrs = [['href', `/issues/${key}`], ['class', 'issue-ref'], ['data-issue-key', key]];
        open.level = token.level;
        out.push(open, text(state, key, token.level + 1), Object.assign(new state.Token('link_close', 'a', -1), { level: token.level }));
        at = m.index + key.length;
      }
      if (at < token.content.length) out.push(text(state, token.content.slice(at), token.level));
    }
    block.children = out;
  }
}

function text(state: StateCore, content: string, level: number): Token {
  const t = new state.Token('text', '', 0);
  t.content = content;
  t.level = level;
  return t;
}

md.core.ruler.after('linkify', 'issue_keys', issueKeys);

/** Markdown (comments, descriptions) → HTML that is safe to insert into a page. */
export function renderMarkdown(src: string): string {
  return md.render(src);
}

const MENTION = /(^|\s)@([\p{L}\p{N}_.-]{1,32})/gu;

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
