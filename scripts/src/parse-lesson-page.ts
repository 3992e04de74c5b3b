// A lesson page read as the honesty test needs it: its headings, its fenced code blocks, and for
// each shell block the `page-test` comment that says how its commands are checked.

/** How the commands of one shell block are checked, from the HTML comment just above it. */
export type PageTestDirective =
  | {
      kind: 'run';
      /** Folder the commands run in, relative to the repository root. */
      cwd: string;
      /** The exit code each command line must end with, in order; undefined marks a line not run. */
      exits: Array<number | undefined>;
      /** The comment's text, so the English and Chinese pages can be compared. */
      source: string;
    }
  | { kind: 'skip'; reason: string; source: string };

export interface CodeBlock {
  /** The info string after the opening fence, e.g. `bash`. */
  language: string;
  /** The lines between the fences. */
  body: string;
  /** 1-based line of the opening fence, for messages. */
  line: number;
  /** The `page-test` comment right above the block (blank lines allowed between), if any. */
  directive?: PageTestDirective;
  /** Why the comment above the block could not be read. */
  directiveError?: string;
}

export interface LessonPage {
  /** Every heading outside code blocks, as its level and text. */
  headings: Array<{ level: number; text: string }>;
  codeBlocks: CodeBlock[];
}

export const SHELL_LANGUAGES = ['sh', 'bash', 'shell'];

const DIRECTIVE = /^<!--\s*page-test:\s*(.*?)\s*-->$/;

export function parseLessonPage(text: string): LessonPage {
  const lines = text.split('\n');
  const headings: LessonPage['headings'] = [];
  const codeBlocks: CodeBlock[] = [];
  let lastComment: string | undefined;
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index] ?? '';
    const fence = /^(```+)\s*(\S*)/.exec(line);
    if (fence) {
      const start = index;
      const body: string[] = [];
      for (index++; index < lines.length && !(lines[index] ?? '').startsWith(fence[1]!); index++) {
        body.push(lines[index] ?? '');
      }
      const block: CodeBlock = { language: fence[2] ?? '', body: body.join('\n'), line: start + 1 };
      if (lastComment !== undefined) {
        const parsed = parseDirective(lastComment);
        if (typeof parsed === 'string') block.directiveError = parsed;
        else block.directive = parsed;
      }
      codeBlocks.push(block);
      lastComment = undefined;
      continue;
    }
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    if (heading) headings.push({ level: heading[1]!.length, text: heading[2]!.trim() });
    const comment = DIRECTIVE.exec(line.trim());
    if (comment) lastComment = comment[1] ?? '';
    else if (line.trim() !== '') lastComment = undefined;
  }
  return { headings, codeBlocks };
}

/**
 * `skip: <reason>` or `cwd=<folder> exit=<code per command line, - for not run> [— reason]`.
 * Returns the directive, or why it cannot be read.
 */
export function parseDirective(source: string): PageTestDirective | string {
  const skip = /^skip:\s*(\S.*)$/.exec(source);
  if (skip) return { kind: 'skip', reason: skip[1]!, source };
  const run = /^cwd=(\S+)\s+exit=((?:\d+|-)(?:\s+(?:\d+|-))*)(?:\s+—\s+\S.*)?$/.exec(source);
  if (!run) {
    return `cannot read "page-test: ${source}"; write "page-test: cwd=<folder> exit=<codes>" or "page-test: skip: <reason>"`;
  }
  const exits = run[2]!.split(/\s+/).map((code) => (code === '-' ? undefined : Number(code)));
  return { kind: 'run', cwd: run[1]!, exits, source };
}

/** The commands of a shell block: each line that is not blank or a comment, its own comment removed. */
export function shellCommands(body: string): string[] {
  return body
    .split('\n')
    .map((line) => line.replace(/\s+#\s.*$/, '').trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}
