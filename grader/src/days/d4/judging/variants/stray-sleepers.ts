import type { Random } from '../../../../judging/create-random';

/** A command that leaves processes in several places of its process group, all of them asleep. */
export interface StraySleepers {
  /** The shell command; every process it starts carries the marker in its command line. */
  command: string;
  /** What it starts, for messages. */
  label: string;
}

/**
 * The ways a command leaves processes behind its shell, each a sleep whose duration carries the
 * marker, two of them picked by the seed and then a sleep in the foreground: a grandchild sent to
 * the background by a child shell, a background job of a subshell (orphaned when the subshell
 * exits), both ends of a pipeline, and a job that ignores SIGHUP. None leaves the process group,
 * so stopping the group stops them all; stopping the shell alone stops none of them.
 */
export function createStraySleepers({
  random,
  marker,
}: {
  random: Random;
  marker: string;
}): StraySleepers {
  const shapes = [
    {
      label: 'a grandchild in the background',
      command: (tag: number) => `sh -c 'sleep ${marker}${tag} &';`,
    },
    { label: "a subshell's orphaned job", command: (tag: number) => `(sleep ${marker}${tag} &);` },
    {
      label: 'a pipeline',
      command: (tag: number) => `sleep ${marker}${tag} | sleep ${marker}${tag + 1} &`,
    },
    {
      label: 'a nohup job',
      command: (tag: number) => `nohup sleep ${marker}${tag} >/dev/null 2>&1 &`,
    },
  ];
  const picked = random.shuffle(shapes).slice(0, 2);
  return {
    // Each shape ends with its own separator (`;` or `&`): "&;" would be a syntax error.
    command: [
      ...picked.map((shape, index) => shape.command(index * 2 + 1)),
      `sleep ${marker}8`,
    ].join(' '),
    label: `${picked.map((shape) => shape.label).join(', ')} and a sleep in the foreground`,
  };
}
