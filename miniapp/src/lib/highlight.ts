// Code blocks in Markdown get syntax colours (issue 15) from highlight.js, loaded only when a page
// shows a code block, with the languages a tracker's comments use. A block without a language is
// left as it is: guessing mislabels short snippets.
import type { HLJSApi } from 'highlight.js';

let loading: Promise<HLJSApi> | null = null;

function load(): Promise<HLJSApi> {
  loading ??= Promise.all([
    import('highlight.js/lib/core'),
    import('highlight.js/lib/languages/javascript'),
    import('highlight.js/lib/languages/typescript'),
    import('highlight.js/lib/languages/json'),
    import('highlight.js/lib/languages/bash'),
    import('highlight.js/lib/languages/sql'),
    import('highlight.js/lib/languages/python'),
    import('highlight.js/lib/languages/css'),
    import('highlight.js/lib/languages/xml'),
    import('highlight.js/lib/languages/yaml'),
    import('highlight.js/lib/languages/go'),
    import('highlight.js/lib/languages/diff'),
  ]).then(([core, js, ts, json, bash, sql, python, css, xml, yaml, go, diff]) => {
    const hljs = core.default;
    const languages = { javascript: js, typescript: ts, json, bash, sql, python, css, xml, yaml, go, diff };
    for (const [name, lang] of Object.entries(languages)) hljs.registerLanguage(name, lang.default);
    hljs.registerAliases(['js', 'jsx'], { languageName: 'javascript' });
    hljs.registerAliases(['ts', 'tsx'], { languageName: 'typescript' });
    hljs.registerAliases(['sh', 'shell', 'zsh'], { languageName: 'bash' });
    hljs.registerAliases(['html', 'svg'], { languageName: 'xml' });
    hljs.registerAliases(['yml'], { languageName: 'yaml' });
    hljs.registerAliases(['py'], { languageName: 'python' });
    return hljs;
  });
  return loading;
}

/** Colours the `pre > code.language-*` blocks under `root` (each once). */
export async function highlightCode(root: HTMLElement): Promise<void> {
  const blocks = [...root.querySelectorAll<HTMLElement>('pre > code[class*="language-"]:not([data-highlighted])')];
  if (!blocks.length) return;
  const hljs = await load();
  for (const block of blocks) {
    const lang = /language-([\w-]+)/.exec(block.className)?.[1];
    if (lang && hljs.getLanguage(lang) && block.isConnected) hljs.highlightElement(block);
  }
}
