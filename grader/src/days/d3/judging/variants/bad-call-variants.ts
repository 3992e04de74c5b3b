import type { Random } from '../../../../judging/create-random';
import { DAY_PARAMETERS } from './day-parameters';

/** A call whose arguments a registry must refuse. */
export interface BadCall {
  /** The tool called: one of the day's three. */
  name: string;
  /** The argument text, sent exactly as written. */
  args: string;
}

/** Fields no tool of the day has. */
const UNKNOWN_FIELDS = ['colour', 'recursive', 'max_results', 'caseSensitive', 'depth', 'encoding'];
/** Valid values for each kind of field. */
const STRINGS = ['**/*.js', 'src/**', 'divide', 'README.md', 'test/calc.test.js'];

/**
 * Bad calls of every kind, on tools and fields chosen from the seed: an array and `null` where an
 * object belongs, an unknown property, a negative number and empty text (which means {}, so a
 * required field is missing) always; then one or two more of a wrong type, a missing required
 * field and JSON that does not parse. What each answer must name is worked out from the text
 * later, not stored here. Each rule the lesson states is in every variant, so a lab that breaks
 * one fails whatever the seed, not only on some.
 */
export function createBadCalls(random: Random): BadCall[] {
  const tools = Object.keys(DAY_PARAMETERS);
  const call = (build: (name: string) => string): BadCall => {
    const name = random.pick(tools);
    return { name, args: build(name) };
  };
  const always = [
    call(() => JSON.stringify([random.pick(STRINGS)])),
    call(() => 'null'),
    call((name) =>
      JSON.stringify({ ...minimal(name), [random.pick(UNKNOWN_FIELDS)]: random.pick(STRINGS) }),
    ),
    call((name) => JSON.stringify({ ...minimal(name), limit: -random.integer(1, 50) })),
    call(() => ''),
  ];
  const more = [
    call((name) => {
      const [field, parameter] = random.pick(Object.entries(DAY_PARAMETERS[name]!));
      const wrong =
        parameter.type === 'string' ? random.integer(1, 99) : random.pick(['all', 'ten', '20']);
      return JSON.stringify({ ...minimal(name), [field]: wrong });
    }),
    call(() => JSON.stringify({ limit: random.integer(1, 20) })),
    call((name) => {
      const text = JSON.stringify(minimal(name));
      // Cut anywhere before the closing brace, or quoted the way JSON does not allow.
      return random.chance(0.5)
        ? text.slice(0, random.integer(1, text.length - 1))
        : text.replaceAll('"', "'");
    }),
  ];
  return random.shuffle([...always, ...random.shuffle(more).slice(0, random.integer(1, 2))]);
}

/** The tool's required fields with valid values. */
function minimal(name: string): Record<string, unknown> {
  const parameters = DAY_PARAMETERS[name]!;
  return Object.fromEntries(
    Object.entries(parameters)
      .filter(([, parameter]) => parameter.required)
      .map(([field]) => [field, field === 'path' ? 'src/calc.js' : '**/*.js']),
  );
}
