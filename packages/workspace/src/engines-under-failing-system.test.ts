import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createFile } from './create-file';
import { createReadLedger } from './read-ledger';
import { readFileToEdit } from './read-file-to-edit';
import { resolveInsideWorkspace } from './boundary/resolve-inside-workspace';
import { callEngine } from './testing/call-engine';
import { createTestWorkspace } from './testing/create-test-workspace';
import type { TestWorkspace } from './testing/create-test-workspace';
import { writeFileAtomically } from './write-file-atomically';

// Every file operation the engines make, made to fail with every error code a file system can
// give, one operation at a time: whatever fails, each engine answers in words, never throws, and
// never names the absolute path Node's message quotes.

/** The failure to inject: which operation, with which code. Undefined: the system works. */
const failing = vi.hoisted(() => ({
  current: undefined as { operation: string; code: string } | undefined,
}));

vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs/promises')>();
  const { PROMISE_OPERATIONS, wrap, wrapHandle } = await import('./testing/failing-operations');
  const wrapped = wrap({ module: real, failing, names: PROMISE_OPERATIONS, promises: true });
  const openWrapped = wrapped.open as typeof real.open;
  const open = async (...args: Parameters<typeof real.open>) =>
    wrapHandle({ handle: await openWrapped(...args), failing });
  return { ...wrapped, open, default: { ...wrapped, open } };
});
vi.mock('node:fs', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs')>();
  const { SYNC_OPERATIONS, wrap } = await import('./testing/failing-operations');
  const wrapped = wrap({ module: real, failing, names: SYNC_OPERATIONS });
  const native = wrap({
    module: { 'realpathSync.native': real.realpathSync.native },
    failing,
    names: ['realpathSync.native'],
  });
  const realpathSync = Object.assign(wrapped.realpathSync as typeof real.realpathSync, {
    native: native['realpathSync.native'] as typeof real.realpathSync.native,
  });
  return { ...wrapped, realpathSync, default: { ...wrapped, realpathSync } };
});

const { FAILING_OPERATIONS } = await import('./testing/failing-operations');

const CODES = [
  'ENOENT',
  'ENOTDIR',
  'EISDIR',
  'EACCES',
  'EPERM',
  'ELOOP',
  'ENAMETOOLONG',
  'ENXIO',
  'ENODEV',
  'EROFS',
  'ENOSPC',
  'EDQUOT',
  'EFBIG',
  'EIO',
  'EMFILE',
  'ENFILE',
  'ENOMEM',
  'EAGAIN',
  'EINTR',
  'EBUSY',
  'ETXTBSY',
  'EEXIST',
  'ENOTEMPTY',
  'EXDEV',
  'EMLINK',
  'EOVERFLOW',
  'ESTALE',
  'ETIMEDOUT',
  'EINVAL',
  'ENOTSUP',
  'EOPNOTSUPP',
  'ENOSYS',
  'ESPIPE',
  'EBADF',
  'ECANCELED',
  'EILSEQ',
  'EPROTO',
];

let workspace: TestWorkspace;
beforeAll(async () => {
  workspace = await createTestWorkspace({ 'src/calc.js': 'export const one = 1;\n' });
});
afterAll(() => workspace.cleanup());

/** Each engine a day-4 tool calls, as the tool calls it; the text it answers. */
const ENGINES: Record<string, () => Promise<{ ok: boolean; text: string }>> = {
  read_file: async () =>
    flatten(
      await callEngine({ tool: 'read_file', cwd: workspace.root, args: { path: 'src/calc.js' } }),
    ),
  glob: async () =>
    flatten(await callEngine({ tool: 'glob', cwd: workspace.root, args: { pattern: '**/*.js' } })),
  grep: async () =>
    flatten(await callEngine({ tool: 'grep', cwd: workspace.root, args: { pattern: 'one' } })),
  edit_file: async () => {
    const place = await resolveInsideWorkspace({ cwd: workspace.root, path: 'src/calc.js' });
    if (!place.ok) return flatten(place);
    const file = await readFileToEdit({ ...place, ledger: createReadLedger() });
    if (!file.ok) return flatten(file);
    const written = await writeFileAtomically({
      filePath: place.absolutePath,
      realRoot: place.realRoot,
      content: [file.original.bytes],
    });
    return flatten(written);
  },
  create_file: async () => {
    const requestedPath = `new/${Math.random()}.js`;
    const place = await resolveInsideWorkspace({ cwd: workspace.root, path: requestedPath });
    if (!place.ok) return flatten(place);
    return flatten(
      await createFile({ ...place, requestedPath, content: 'new\n', ledger: createReadLedger() }),
    );
  },
};

function flatten(answer: { ok: boolean; text?: string; error?: string }): {
  ok: boolean;
  text: string;
} {
  return { ok: answer.ok, text: answer.ok ? (answer.text ?? '') : (answer.error ?? '') };
}

describe('engines on a file system that fails', () => {
  it('work while nothing fails', async () => {
    for (const engine of Object.values(ENGINES)) expect((await engine()).ok).toBe(true);
  });

  it.each(Object.keys(ENGINES))(
    '%s: any operation failing with any code is answered in words',
    async (name) => {
      const thrown: string[] = [];
      for (const operation of FAILING_OPERATIONS) {
        for (const code of CODES) {
          failing.current = { operation, code };
          try {
            const answer = await ENGINES[name]!();
            if (answer.text.includes(workspace.root))
              thrown.push(`${operation} ${code}: ${answer.text}`);
          } catch (error) {
            thrown.push(`${operation} ${code} threw: ${String(error)}`);
          } finally {
            failing.current = undefined;
          }
        }
      }
      expect(thrown).toEqual([]);
    },
  );
});
