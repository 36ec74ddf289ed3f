// Telegram's HTML parse mode as the Bot API checks it (tdlib's parse_html): only its tags, every `<`
// opens a tag, every tag closes in order. A text it refuses is answered `400 can't parse entities`;
// one it accepts is shown as plain text with the entities decoded.

const TAGS = new Set(['b', 'strong', 'i', 'em', 'u', 'ins', 's', 'strike', 'del', 'span', 'tg-spoiler', 'a', 'tg-emoji', 'code', 'pre', 'blockquote']);
const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"' };

export type HtmlResult = { ok: true; text: string } | { ok: false; error: string };

/** Decodes `&…;` at `i` the way Telegram does: a known entity, or the `&` stays as it is. */
function entityAt(s: string, i: number): { char: string; length: number } | null {
  const m = /^&(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|[a-zA-Z]+);/.exec(s.slice(i, i + 12));
  if (!m) return null;
  const body = m[1]!;
  if (body.startsWith('#x')) return { char: String.fromCodePoint(parseInt(body.slice(2), 16)), length: m[0].length };
  if (body.startsWith('#')) return { char: String.fromCodePoint(Number(body.slice(1))), length: m[0].length };
  return NAMED[body] ? { char: NAMED[body], length: m[0].length } : null;
}

export function parseTelegramHtml(s: string): HtmlResult {
  const open: string[] = [];
  let text = '';
  const offset = (i: number) => Buffer.byteLength(s.slice(0, i));
  for (let i = 0; i < s.length; ) {
    const c = s[i]!;
    if (c === '&') {
      const e = entityAt(s, i);
      text += e ? e.char : '&';
      i += e ? e.length : 1;
      continue;
    }
    if (c !== '<') {
      text += c;
      i += 1;
      continue;
    }
    const end = s.indexOf('>', i);
    if (end === -1) return { ok: false, error: `Can't find end of the tag at byte offset ${offset(i)}` };
    const inner = s.slice(i + 1, end);
    if (inner.startsWith('/')) {
      const name = inner.slice(1).trim().toLowerCase();
      const expected = open.pop();
      if (!expected) return { ok: false, error: `Unexpected end tag at byte offset ${offset(i)}` };
      if (name && name !== expected) return { ok: false, error: `Unmatched end tag at byte offset ${offset(i)}, expected "</${expected}>", found "</${name}>"` };
    } else {
      const name = /^[a-zA-Z][a-zA-Z0-9-]*/.exec(inner)?.[0]?.toLowerCase();
      if (!name) return { ok: false, error: `Empty tag name at byte offset ${offset(i)}` };
      if (!TAGS.has(name)) return { ok: false, error: `Unsupported start tag "${name}" at byte offset ${offset(i)}` };
      if (name === 'span' && !/class\s*=\s*"tg-spoiler"/.test(inner)) return { ok: false, error: `Tag "span" must have class "tg-spoiler" at byte offset ${offset(i)}` };
      open.push(name);
    }
    i = end + 1;
  }
  if (open.length) return { ok: false, error: `Can't find end tag corresponding to start tag "${open.at(-1)}"` };
  return { ok: true, text };
}
