// `/name rest of the title` at the start of a quick-add line (or after the bot's /new) picks the
// project's template `name`; the rest becomes its `{title}` and is parsed for tokens as usual.

const COMMAND = /^\s*\/([\p{L}\p{N}_-]{1,40})(?=\s|$)\s*/u;
const PARTIAL = /^\s*\/([\p{L}\p{N}_-]{0,40})$/u;

export interface TemplateCommand {
  /** The name as typed; templates match it case-insensitively. */
  name: string;
  /** Everything after the name, the spaces after the name removed. */
  rest: string;
}

export function parseTemplateCommand(input: string): TemplateCommand | null {
  const match = COMMAND.exec(input);
  if (!match) return null;
  return { name: match[1]!, rest: input.slice(match[0].length) };
}

/** While the line is `/` plus the start of a name (no space yet): that start, for a suggestion list. */
export function templatePrefix(input: string): string | null {
  const match = PARTIAL.exec(input);
  return match ? match[1]! : null;
}

export const sameTemplateName = (a: string, b: string) => a.toLocaleLowerCase('ru') === b.toLocaleLowerCase('ru');

/** Templates whose names start with the prefix, case-insensitively, in their order. */
export function matchTemplates<T extends { name: string }>(templates: readonly T[], prefix: string): T[] {
  const p = prefix.toLocaleLowerCase('ru');
  return templates.filter((t) => t.name.toLocaleLowerCase('ru').startsWith(p));
}

/** The template a command names, if the project has it. */
export function findTemplate<T extends { name: string }>(templates: readonly T[], name: string): T | undefined {
  return templates.find((t) => sameTemplateName(t.name, name));
}
