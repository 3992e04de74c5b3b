// Every shell command a lesson page shows, run as the page says and held to the exit code the
// page's page-test comment states. Commands that need a real endpoint or never end are marked
// on the page, with the reason, and not run.
import { parseLessonPage, SHELL_LANGUAGES, shellCommands } from './parse-lesson-page';

/** What one command did. */
export interface CommandOutcome {
  exitCode: number;
  /** Standard output and error together, for messages. */
  output: string;
}

/** Runs one command line in a folder relative to the repository root. */
export type RunPageCommand = (options: { cwd: string; command: string }) => Promise<CommandOutcome>;

export interface PageCommandReport {
  /** Each command run, with its folder. */
  ran: Array<{ cwd: string; command: string; exitCode: number }>;
  /** Each command not run, with the page's reason. */
  skipped: Array<{ command: string; reason: string }>;
  problems: string[];
}

export async function checkPageCommands({
  text,
  name,
  run,
}: {
  text: string;
  /** The page's path, for messages. */
  name: string;
  run: RunPageCommand;
}): Promise<PageCommandReport> {
  const report: PageCommandReport = { ran: [], skipped: [], problems: [] };
  for (const block of parseLessonPage(text).codeBlocks) {
    if (!SHELL_LANGUAGES.includes(block.language)) continue;
    const where = `${name} line ${block.line}`;
    const commands = shellCommands(block.body);
    const directive = block.directive;
    if (!directive) {
      report.problems.push(
        `${where}: ${block.directiveError ?? 'a shell block without a page-test comment'}; put "<!-- page-test: cwd=<folder> exit=<codes> -->" or "<!-- page-test: skip: <reason> -->" above it`,
      );
      continue;
    }
    if (directive.kind === 'skip') {
      for (const command of commands) report.skipped.push({ command, reason: directive.reason });
      continue;
    }
    if (directive.exits.length !== commands.length) {
      report.problems.push(
        `${where}: the page-test comment gives ${directive.exits.length} exit codes for ${commands.length} commands; give one per command (- for one not run)`,
      );
      continue;
    }
    for (const [index, command] of commands.entries()) {
      const expected = directive.exits[index];
      if (expected === undefined) {
        report.skipped.push({ command, reason: directive.source });
        continue;
      }
      const outcome = await run({ cwd: directive.cwd, command });
      report.ran.push({ cwd: directive.cwd, command, exitCode: outcome.exitCode });
      if (outcome.exitCode !== expected) {
        report.problems.push(
          `${where}: \`${command}\` (in ${directive.cwd}) exited ${outcome.exitCode}, the page says ${expected}; last output: ${outcome.output.trim().split('\n').slice(-3).join(' / ')}`,
        );
      }
    }
  }
  return report;
}
