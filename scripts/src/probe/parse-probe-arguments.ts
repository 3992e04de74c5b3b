/** How many times the probe asks when --runs is not given. */
export const DEFAULT_PROBE_RUNS = 5;
/** The most runs one probe makes: each is a paid request on a real endpoint. */
export const MAX_PROBE_RUNS = 50;

/** What `pnpm probe --help` prints, and the last line of every usage error. */
export const PROBE_USAGE = `Usage: pnpm probe [--runs N] [--help]

Asks the configured endpoint the same parallel-call question N times and shows, run by run, how
its stream sends tool calls: where the index starts, whether ids and names repeat, how many
fragments a call takes, the finish reasons, usage chunks and the time to the first byte. It ends
with what an accumulator must tolerate on this gateway.

Options:
  --runs N     how many times to ask (default ${DEFAULT_PROBE_RUNS}, at most ${MAX_PROBE_RUNS})
  -h, --help   show this help

Environment:
  OPENAI_API_KEY, OPENAI_BASE_URL, MODEL   the endpoint, as for pnpm start (the key is never printed)
  MOCK=1       probe the offline scripted gateway instead, which starts the index at 1, then at 0
`;

/** The probe's command line, understood. */
export interface ProbeArguments {
  /** How many times to ask. */
  runs: number;
  /** True when the person asked for help. */
  help: boolean;
}

/** Reads the probe's arguments; a mistake comes back as one sentence, never a throw. */
export function parseProbeArguments(
  args: string[],
): { ok: true; value: ProbeArguments } | { ok: false; error: string } {
  let runs = DEFAULT_PROBE_RUNS;
  let help = false;
  for (let position = 0; position < args.length; position++) {
    const arg = args[position]!;
    if (arg === '-h' || arg === '--help') {
      help = true;
    } else if (arg === '--runs' || arg.startsWith('--runs=')) {
      const value = arg === '--runs' ? args[++position] : arg.slice('--runs='.length);
      runs = Number(value);
      if (
        value === undefined ||
        value === '' ||
        !Number.isInteger(runs) ||
        runs < 1 ||
        runs > MAX_PROBE_RUNS
      ) {
        return {
          ok: false,
          error: `--runs takes a whole number from 1 to ${MAX_PROBE_RUNS}, not ${value === undefined ? 'nothing' : `"${value}"`}.`,
        };
      }
    } else {
      return { ok: false, error: `pnpm probe has no option or argument "${arg}".` };
    }
  }
  return { ok: true, value: { runs, help } };
}
