import MarkdownIt from 'markdown-it';

// Raw HTML is off, so `<script>` and `onerror=` come out as text; markdown-it's default validateLink
// refuses javascript:, vbscript:, file: and non-image data: URLs.
const md = new MarkdownIt({ html: false, linkify: true, breaks: true });

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
