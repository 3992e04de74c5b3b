import type { ToolCallDelta } from '@agent-course/core';
import type { Random } from '../../../../judging/create-random';

/** A call a variant expects to drain; `id` is undefined when no fragment carried one. */
export interface ExpectedCall {
  /** The id the stream gave the call; undefined means any non-empty id no other call has. */
  id: string | undefined;
  /** The tool's name. */
  name: string;
  /** The whole argument text. */
  args: string;
}

/** A generated stream and the calls it must merge into, in drain order. */
export interface FragmentVariant {
  /** What the variant tries, for the transcript. */
  label: string;
  /** The fragments in arrival order. */
  fragments: ToolCallDelta[];
  /** The calls in index order, then arrival order. */
  expected: ExpectedCall[];
}

/** Tool names the generated calls use; the accumulator never looks them up. */
const NAMES = ['glob', 'grep', 'read_file', 'list_dir', 'run_tests'] as const;
/** Text that is awkward to cut: quotes, backslashes, newlines, accents and an astral emoji. */
const AWKWARD = ['say "hi"', 'C:\\temp\\', 'line\nnext', 'café', 'ok 🙂 done', '{"nested":[1]}'];

interface PlannedCall {
  index: number;
  id: string | undefined;
  name: string;
  args: string;
  /** Some providers repeat the id on every fragment of the call. */
  repeatsId: boolean;
}

/**
 * A stream of parallel calls as some gateway might send it: an index base anywhere from 0 to 5,
 * gaps between indexes, ids present or absent, random cut points (inside strings and escapes),
 * interleaved fragments whose first fragments arrive out of index order and, when `sharedIndex`
 * asks for it, two calls on one index told apart only by their ids.
 */
export function createFragmentVariant({
  random,
  sharedIndex,
}: {
  random: Random;
  sharedIndex: boolean;
}): FragmentVariant {
  const base = sharedIndex ? random.pick([0, 0, 1]) : random.integer(0, 5);
  const count = random.integer(sharedIndex ? 2 : 1, 4);
  const planned: PlannedCall[] = [];
  let index = base;
  for (let position = 0; position < count; position++) {
    // The first two calls share the first index when asked; later indexes may skip numbers.
    if (position > 0 && !(sharedIndex && position === 1)) index += random.integer(1, 3);
    const shares = sharedIndex && position < 2;
    planned.push({
      index,
      // Only an id tells apart calls on one index, so those always have one.
      id:
        shares || random.chance(0.75) ? `call_${random.integer(100, 999)}_${position}` : undefined,
      name: random.pick(NAMES),
      args: randomArguments(random),
      repeatsId: random.chance(0.2),
    });
  }
  const lanes = new Map<number, ToolCallDelta[]>();
  for (const call of planned) {
    const lane = lanes.get(call.index) ?? [];
    lane.push(...fragmentsOf({ call, random }));
    lanes.set(call.index, lane);
  }
  const fragments = interleave({ lanes: [...lanes.values()], random });
  // Drain order: by index, then by the arrival of the call's first fragment.
  const arrival = (call: PlannedCall) =>
    fragments.findIndex(
      (delta) => delta.index === call.index && delta.name === call.name && delta.id === call.id,
    );
  const expected = [...planned]
    .sort((left, right) => left.index - right.index || arrival(left) - arrival(right))
    .map(({ id, name, args }) => ({ id, name, args }));
  const indexes = planned.map((call) => call.index).join(', ');
  return {
    label: `${count} call${count === 1 ? '' : 's'} at indexes ${indexes}${sharedIndex ? ' (two sharing one)' : ''}`,
    fragments,
    expected,
  };
}

/** A head fragment with the id (when any) and name, then the argument text cut at random points. */
function fragmentsOf({ call, random }: { call: PlannedCall; random: Random }): ToolCallDelta[] {
  const offsets = new Set<number>();
  const cuts = random.integer(0, 5);
  for (let count = 0; count < cuts; count++) offsets.add(random.integer(1, call.args.length - 1));
  const bounds = [0, ...[...offsets].sort((left, right) => left - right), call.args.length];
  const pieces = bounds.slice(1).map((end, position) => call.args.slice(bounds[position], end));
  // Some gateways put the first piece of the arguments in the head, others send it empty.
  const headPiece = random.chance(0.5) ? pieces.shift() : '';
  const head: ToolCallDelta = {
    index: call.index,
    ...(call.id ? { id: call.id } : {}),
    name: call.name,
    argsDelta: headPiece ?? '',
  };
  const rest = pieces.map((argsDelta) => ({
    index: call.index,
    ...(call.repeatsId && call.id ? { id: call.id } : {}),
    argsDelta,
  }));
  return [head, ...rest];
}

/** Merges the lanes, each kept in its own order, picking the next lane at random. */
function interleave({
  lanes,
  random,
}: {
  lanes: ToolCallDelta[][];
  random: Random;
}): ToolCallDelta[] {
  const queues = random.shuffle(lanes.map((lane) => [...lane]));
  const merged: ToolCallDelta[] = [];
  for (;;) {
    const open = queues.filter((queue) => queue.length > 0);
    if (open.length === 0) return merged;
    merged.push(random.pick(open).shift()!);
  }
}

/** A JSON object of one to three fields with awkward strings and a number. */
function randomArguments(random: Random): string {
  const value: Record<string, unknown> = { pattern: random.pick(AWKWARD) };
  if (random.chance(0.5)) value.include = `**/*.${random.pick(['js', 'md', 'ts'])}`;
  if (random.chance(0.5)) value.limit = random.integer(1, 500);
  return JSON.stringify(value);
}
