import type { FileHandle } from 'node:fs/promises';

/** The operation to fail and the code to fail it with, or undefined while the system works. */
export interface FailingSwitch {
  current: { operation: string; code: string } | undefined;
}

/** The functions of node:fs/promises the engines call, each of which a test can make fail. */
export const PROMISE_OPERATIONS = [
  'open',
  'lstat',
  'stat',
  'realpath',
  'readdir',
  'mkdir',
  'link',
  'rename',
  'unlink',
  'access',
];

/** The functions of node:fs the engines call (realpathSync.native is wrapped apart). */
export const SYNC_OPERATIONS = [
  'openSync',
  'readdirSync',
  'statSync',
  'lstatSync',
  'fstatSync',
  'readSync',
  'readlinkSync',
  'realpathSync',
];

/** What the engines do through an open FileHandle. */
export const HANDLE_OPERATIONS = [
  'handle.read',
  'handle.stat',
  'handle.write',
  'handle.sync',
  'handle.chmod',
  'handle.close',
];

/** Every operation a test can make fail. */
export const FAILING_OPERATIONS = [
  ...PROMISE_OPERATIONS,
  ...SYNC_OPERATIONS,
  'realpathSync.native',
  ...HANDLE_OPERATIONS,
];

/** An error as Node makes it: the code, and a message quoting the absolute path. */
export function systemError({
  code,
  operation,
  target,
}: {
  code: string;
  operation: string;
  target: unknown;
}): NodeJS.ErrnoException {
  return Object.assign(new Error(`${code}: simulated failure, ${operation} '${String(target)}'`), {
    code,
    syscall: operation,
    path: String(target),
  });
}

/**
 * `module`'s functions named in `names`, each failing when the switch names it: a function of
 * node:fs/promises (`promises: true`) rejects, as it does, and never throws.
 */
export function wrap({
  module,
  failing,
  names,
  promises = false,
}: {
  module: object;
  failing: FailingSwitch;
  names: string[];
  promises?: boolean;
}): Record<string, unknown> {
  const wrapped: Record<string, unknown> = { ...module };
  for (const name of names) {
    const original = (module as Record<string, (...args: unknown[]) => unknown>)[name]!;
    wrapped[name] = (...args: unknown[]) => {
      const fail = failing.current;
      if (fail?.operation === name) {
        const error = systemError({ code: fail.code, operation: name, target: args[0] });
        if (promises) return Promise.reject(error);
        throw error;
      }
      return original(...args);
    };
  }
  return wrapped;
}

/** The handle, its read, stat, write, sync and chmod failing when the switch names them. */
export function wrapHandle({
  handle,
  failing,
}: {
  handle: FileHandle;
  failing: FailingSwitch;
}): FileHandle {
  return new Proxy(handle, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver) as unknown;
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        const fail = failing.current;
        if (fail?.operation === `handle.${String(property)}`) {
          const error = systemError({
            code: fail.code,
            operation: String(property),
            target: 'the handle',
          });
          // close(2) frees the descriptor even when it reports an error: so does a simulated one.
          if (property === 'close') return target.close().then(() => Promise.reject(error));
          return Promise.reject(error);
        }
        return (value as (...args: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}
