import { execFileSync, spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFile } from './create-file';
import { createReadLedger } from './read-ledger';
import { readFileToEdit } from './read-file-to-edit';
import { resolveInsideWorkspace } from './boundary/resolve-inside-workspace';
import { callEngine } from './testing/call-engine';
import { createTestWorkspace } from './testing/create-test-workspace';
import type { TestWorkspace } from './testing/create-test-workspace';

// What the file system does that no model asked for: the working directory removed under the
// agent, a socket or a named pipe where a file was expected. Every engine answers in words with
// the path as the model gave it, never a throw, never the machine's absolute path.

let workspace: TestWorkspace;
beforeEach(async () => {
  workspace = await createTestWorkspace({ 'src/calc.js': 'export const one = 1;\n' });
});
afterEach(() => workspace.cleanup());

/** Where an edit of `given` stops: resolving it, or reading it for the edit. */
async function editAnswer(given: string): Promise<{ ok: boolean; error?: string }> {
  const place = await resolveInsideWorkspace({ cwd: workspace.root, path: given });
  if (!place.ok) return place;
  const file = await readFileToEdit({ ...place, ledger: createReadLedger() });
  return file.ok ? { ok: true } : file;
}

async function createAnswer(given: string): Promise<{ ok: boolean; error?: string }> {
  const place = await resolveInsideWorkspace({ cwd: workspace.root, path: given });
  if (!place.ok) return place;
  return createFile({
    ...place,
    requestedPath: given,
    content: 'new\n',
    ledger: createReadLedger(),
  });
}

describe('a working directory removed under the agent', () => {
  it('is answered in words by every engine, without its absolute path', async () => {
    await rm(workspace.root, { recursive: true });
    const answers = [
      await callEngine({ tool: 'read_file', cwd: workspace.root, args: { path: 'src/calc.js' } }),
      await callEngine({ tool: 'glob', cwd: workspace.root, args: { pattern: '**/*.js' } }),
      await callEngine({ tool: 'grep', cwd: workspace.root, args: { pattern: 'one' } }),
      await editAnswer('src/calc.js'),
      await createAnswer('src/new.js'),
    ];
    for (const answer of answers) {
      expect(answer).toEqual({
        ok: false,
        error:
          'the working directory no longer exists (removed or moved, perhaps by a command), so nothing was read or changed; ask the user to restore it or to start again in a folder that exists',
      });
    }
  });
});

describe('a socket, a named pipe or a device where a file was expected', () => {
  it('an edit of a socket is refused in words', async () => {
    const socketPath = path.join(workspace.root, 'sock');
    execFileSync('python3', [
      '-c',
      `import socket; socket.socket(socket.AF_UNIX).bind(${JSON.stringify(socketPath)})`,
    ]);
    expect(await editAnswer('sock')).toEqual({
      ok: false,
      error:
        'sock is not a regular file (a device, socket or named pipe); only text files can be edited',
    });
  });

  it('an edit of a device node is refused in words', async () => {
    const devicePath = path.join(workspace.root, 'null');
    try {
      execFileSync('mknod', [devicePath, 'c', '1', '3']);
    } catch {
      return; // Making a device needs root; the socket above covers the same path without it.
    }
    expect(await editAnswer('null')).toEqual({
      ok: false,
      error:
        'null is not a regular file (a device, socket or named pipe); only text files can be edited',
    });
  });

  it('a named pipe is refused before it is opened: a writer waiting on it stays blocked', async () => {
    const pipePath = path.join(workspace.root, 'pipe');
    execFileSync('mkfifo', [pipePath]);
    // The writer's open returns only once something opens the pipe for reading.
    const writer = spawn('/bin/sh', ['-c', `echo released > '${pipePath}'`], { stdio: 'ignore' });
    try {
      const answer = await editAnswer('pipe');
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(writer.exitCode).toBe(null);
      expect(answer).toEqual({
        ok: false,
        error:
          'pipe is not a regular file (a device, socket or named pipe); only text files can be edited',
      });
    } finally {
      writer.kill('SIGKILL');
    }
  });
});
