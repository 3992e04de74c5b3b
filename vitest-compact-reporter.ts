import type { Reporter, TestModule } from 'vitest/node';

/** Failing tests shown per test file; the rest are counted. */
export const FAILURES_SHOWN_PER_FILE = 3;

/** The longest failure message shown, in characters; a longer one is cut with an ellipsis. */
export const MESSAGE_CHARS = 160;

/** Errors outside any test (a file that does not load, an unhandled rejection) shown in all. */
const OUTSIDE_ERRORS_SHOWN = 3;

/** What a failure carries that is shown: its message, first line only. */
interface ShownError {
  message?: string;
  name?: string;
  /** The assertion's expected/received diff, when it has one. */
  diff?: string;
}

/**
 * The day's test report: for each test file with failures, the file, how many of its tests fail,
 * and the first few, one line each with the first line of its assertion; then one summary line
 * and how to run one file. A starter's red tests stay a page long, whatever the assertions print
 * (the default reporter prints whole diffs: kilobytes for a long string).
 */
export class CompactReporter implements Reporter {
  onTestRunEnd(
    testModules: ReadonlyArray<TestModule>,
    unhandledErrors: ReadonlyArray<ShownError>,
  ): void {
    const lines: string[] = [];
    let passed = 0;
    let failed = 0;
    let firstFailingFile: string | undefined;
    const modules = [...testModules].sort((left, right) =>
      left.relativeModuleId.localeCompare(right.relativeModuleId),
    );
    for (const testModule of modules) {
      const tests = [...testModule.children.allTests()];
      const failures = tests.filter((test) => test.result().state === 'failed');
      passed += tests.filter((test) => test.result().state === 'passed').length;
      failed += failures.length;
      const loadErrors = testModule.errors();
      if (failures.length === 0 && loadErrors.length === 0) continue;
      firstFailingFile ??= testModule.relativeModuleId;
      const counted =
        tests.length > 0 ? `${failures.length} of ${tests.length} tests fail` : 'did not run';
      lines.push(`✗ ${testModule.relativeModuleId}: ${counted}`);
      for (const error of loadErrors.slice(0, 1)) lines.push(`    ${shorten(error)}`);
      for (const test of failures.slice(0, FAILURES_SHOWN_PER_FILE)) {
        const result = test.result();
        const error = result.state === 'failed' ? result.errors[0] : undefined;
        lines.push(`  ✗ ${shortenText(test.fullName)}`);
        lines.push(`      ${shorten(error ?? {})}`);
        const detail = error ? detailOf(error) : undefined;
        if (detail) lines.push(`      ${detail}`);
      }
      if (failures.length > FAILURES_SHOWN_PER_FILE) {
        lines.push(`  … and ${failures.length - FAILURES_SHOWN_PER_FILE} more in this file`);
      }
    }
    for (const error of unhandledErrors.slice(0, OUTSIDE_ERRORS_SHOWN)) {
      lines.push(`✗ outside any test: ${shorten(error)}`);
    }
    if (unhandledErrors.length > OUTSIDE_ERRORS_SHOWN) {
      lines.push(
        `  … and ${unhandledErrors.length - OUTSIDE_ERRORS_SHOWN} more errors outside tests`,
      );
    }
    // An error outside the tests (a worker that crashed) fails the run even when no test failed.
    const outside = unhandledErrors.length;
    const outsideText =
      outside === 0 ? '' : `, and ${outside} error${outside === 1 ? '' : 's'} outside tests`;
    lines.push(
      `${failed > 0 || outside > 0 ? '✗' : '✓'} ${failed} failed, ${passed} passed, in ${modules.length} test files${outsideText}`,
    );
    if (firstFailingFile) {
      const name = firstFailingFile.replace(/^.*\//, '').replace(/(\.property)?\.test\.ts$/, '');
      lines.push(`One file's tests in full: pnpm test ${name} --reporter=default`);
    }
    process.stdout.write(`${lines.join('\n')}\n`);
  }
}

/**
 * One more line where the first line of a failure hides what differs: a property test's
 * counterexample, or the first expected and received lines of a diff whose message elides the
 * objects (`{ ok: false, …(1) }`).
 */
function detailOf(error: ShownError): string | undefined {
  const message = error.message ?? '';
  const counterexample = /Counterexample: (.*)/.exec(message);
  if (counterexample) return shortenText(`counterexample: ${counterexample[1]}`);
  if (!error.diff || !/…|\.\.\./.test(message.split('\n')[0] ?? '')) return undefined;
  // eslint-disable-next-line no-control-regex
  const diffLines = error.diff.replace(/\u001b\[[0-9;]*m/g, '').split('\n');
  // The first line of each side that says something: not the header, not a lone bracket. A diff
  // of two values of different kinds (a string and the pattern of toMatch) puts each value, unsigned,
  // on the line after its header, "- Expected:" and "+ Received:".
  const header = /^[-+] (Expected|Received):?\s*$/;
  const changed = (sign: string) =>
    diffLines.flatMap((line, index) => {
      if (!line.startsWith(sign)) return [];
      if (!header.test(line)) return [line];
      const next = diffLines[index + 1];
      return line.endsWith(':') && next && !/^[-+]/.test(next) ? [`${sign}${next}`] : [];
    });
  const first = (sign: string) =>
    changed(sign).find((line) => /[\p{L}\p{N}]/u.test(line)) ?? changed(sign)[0];
  const expected = first('-');
  const received = first('+');
  if (!expected && !received) return undefined;
  return shortenText(
    `first difference: expected ${expected?.slice(1).trim() ?? '(nothing)'} | got ${received?.slice(1).trim() ?? '(nothing)'}`,
  );
}

function shorten(error: ShownError): string {
  const message = error.message ?? String(error.name ?? 'failed');
  return shortenText(`${error.name && error.name !== 'Error' ? `${error.name}: ` : ''}${message}`);
}

/** The first line, without colour codes, cut at MESSAGE_CHARS. */
function shortenText(text: string): string {
  // eslint-disable-next-line no-control-regex
  const plain = (text.split('\n')[0] ?? '').replace(/\u001b\[[0-9;]*m/g, '').trim();
  // Cut by code point, so an emoji is never halved into a replacement character.
  const characters = Array.from(plain);
  return characters.length > MESSAGE_CHARS
    ? `${characters.slice(0, MESSAGE_CHARS - 1).join('')}…`
    : plain;
}
