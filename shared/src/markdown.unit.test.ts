import { describe, expect, it } from 'vitest';
import { extractMentions, renderMarkdown } from './markdown.ts';

describe('renderMarkdown', () => {
  it('renders Markdown with line breaks and bare links', () => {
    const html = renderMarkdown('**bold**\nnext line https://example.com');
    expect(html).toContain('<strong>bold</strong><br>');
    expect(html).toContain('<a href="https://example.com">https://example.com</a>');
  });

  it('links issue keys, but not inside links or code, nor lower-case or glued words', () => {
    const link = (key: string) => `<a href="/issues/${key}" class="issue-ref" data-issue-key="${key}">${key}</a>`;
    expect(renderMarkdown('See WEB-12 and **MOB-3**, then OPS-7.')).toBe(`<p>See ${link('WEB-12')} and <strong>${link('MOB-3')}</strong>, then ${link('OPS-7')}.</p>\n`);
    const html = renderMarkdown('[WEB-1](https://e.x) `WEB-2` web-3 WEB-3-4 XWEB_5 WEB-0 W-1 https://x.io/WEB-9');
    expect(html).not.toContain('issue-ref');
    // Escaping still applies around a key.
    expect(renderMarkdown('<b>WEB-5</b>')).toBe(`<p>&lt;b&gt;${link('WEB-5')}&lt;/b&gt;</p>\n`);
  });

  it('leaves raw HTML inert: script tags and event handlers become text', () => {
    const html = renderMarkdown('<script>alert(1)</script>\n\n<img src=x onerror="alert(1)">');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;');
  });

  it('refuses javascript:, vbscript: and data: links', () => {
    for (const url of ['javascript:alert(1)', 'JAVASCRIPT:alert(1)', 'vbscript:msgbox(1)', 'data:text/html;base64,PHNjcmlwdD4=']) {
      const html = renderMarkdown(`[click](${url})`);
      expect(html).not.toMatch(/<a /);
      expect(html).not.toMatch(/href=/);
    }
    expect(renderMarkdown('![x](javascript:alert(1))')).not.toMatch(/<img/);
  });
});

describe('extractMentions', () => {
  it('finds @names at the start or after whitespace, once each', () => {
    expect(extractMentions('@ivan please look, cc @maria.petrova and @ivan.')).toEqual(['ivan', 'maria.petrova']);
  });

  it('ignores e-mail addresses and names glued to text', () => {
    expect(extractMentions('write to ivan@example.com or x@y')).toEqual([]);
  });

  it('takes at most 32 characters of a name', () => {
    expect(extractMentions(`@${'a'.repeat(40)}`)).toEqual(['a'.repeat(32)]);
  });
});

describe('mentions in any alphabet', () => {
  it('finds Cyrillic handles', async () => {
    const { extractMentions } = await import('./markdown.ts');
    expect(extractMentions('Посмотри, @ИванПетров, и @maria.')).toEqual(['ИванПетров', 'maria']);
    expect(extractMentions('почта ivan@example.com')).toEqual([]);
  });
});

describe('chips and task lists', () => {
  it('shows @handles as chips, escaped, but not inside links, code or e-mail addresses', () => {
    const html = renderMarkdown('Hi @ivan, cc @Анна. `@code` [@link](https://x.test) ivan@example.com');
    expect(html).toContain('<span class="mention">@ivan</span>,');
    expect(html).toContain('<span class="mention">@Анна</span>.');
    expect(html).toContain('<code>@code</code>');
    expect(html).toContain('>@link</a>');
    expect(html.match(/class="mention"/g)).toHaveLength(2);
  });

  it('shows a mention by the name of the person it names, when the caller knows them', () => {
    const names: Record<string, string> = { иванпетров: 'Иван Петров' };
    const html = renderMarkdown('Посмотри, @ИванПетров, и @maria <b>', { mentionName: (h) => names[h.toLowerCase()] });
    expect(html).toContain('<span class="mention" title="@ИванПетров">@Иван Петров</span>,');
    expect(html).toContain('<span class="mention">@maria</span>');
    expect(renderMarkdown('@x', { mentionName: () => '<script>' })).toContain('@&lt;script&gt;');
  });

  it('renders task lists as read-only labelled checkboxes, with ids no other text repeats', () => {
    const one = renderMarkdown('- [ ] write\n- [x] test');
    const two = renderMarkdown('- [ ] other');
    expect(one).toMatch(/<input type="checkbox"[^>]*id="(task-[a-z0-9]+-0)"[^>]*disabled[^>]*><label[^>]*for="\1"> write<\/label>/);
    expect(one).toMatch(/checked="checked"/);
    const ids = (html: string) => [...html.matchAll(/id="([^"]+)"/g)].map((m) => m[1]);
    expect(ids(one).filter((id) => ids(two).includes(id))).toEqual([]);
  });

  it('marks nested lists and their items, and leaves other brackets alone', () => {
    const html = renderMarkdown('1. [ ] one\n   - [x] nested\n2. [y] not a task\n\n- plain');
    expect(html.match(/class="task-list-container"/g)).toHaveLength(2);
    expect(html.match(/class="task-list-item"/g)).toHaveLength(2);
    expect(html).toContain('<li>[y] not a task</li>');
    expect(html).toContain('<ul>\n<li>plain</li>');
  });

  it('renders task lists in time linear in their length (a 100 KB description holds 12,500 items)', { timeout: 30_000 }, () => {
    const cpu = (n: number) => {
      const src = '- [ ] x\n'.repeat(n);
      let best = Infinity;
      for (let i = 0; i < 2; i++) {
        const began = process.threadCpuUsage();
        renderMarkdown(src);
        const spent = process.threadCpuUsage(began);
        best = Math.min(best, (spent.user + spent.system) / 1000);
      }
      return best;
    };
    const small = cpu(3_000);
    const large = cpu(12_500);
    // Four times the items, about four times the work (quadratic was sixteen: 2 s for the large one).
    expect(large).toBeLessThan(1000);
    expect(large / Math.max(small, 1)).toBeLessThan(8);
  });
});

describe('mentions by full name (as the composer inserts them)', () => {
  it('finds @Full Name at the start or after whitespace, in any case, as a whole name', async () => {
    const { mentionsName } = await import('./markdown.ts');
    expect(mentionsName('cc @Иван Петров, please', 'Иван Петров')).toBe(true);
    expect(mentionsName('@иван петров', 'Иван Петров')).toBe(true);
    expect(mentionsName('cc @Иван Петровский', 'Иван Петров')).toBe(false);
    expect(mentionsName('mail x@Иван Петров', 'Иван Петров')).toBe(false);
    expect(mentionsName('cc @Иван', 'Иван Петров')).toBe(false);
    expect(mentionsName('cc @', ' ')).toBe(false);
  });

  it('shows the whole name as one chip when the text mentions that person, the longest name winning', () => {
    const html = renderMarkdown('cc @Иван Петров and @Mira Tester Jr, @maria', { mentionedNames: ['Иван Петров', 'Mira Tester', 'Mira Tester Jr'], mentionName: (h) => (h === 'maria' ? 'Maria P' : undefined) });
    expect(html).toContain('<span class="mention" title="@Иван Петров">@Иван Петров</span> and');
    expect(html).toContain('>@Mira Tester Jr</span>,');
    expect(html).toContain('title="@maria">@Maria P</span>');
    expect(renderMarkdown('cc @Иван Петров')).toContain('<span class="mention">@Иван</span> Петров');
  });
});
