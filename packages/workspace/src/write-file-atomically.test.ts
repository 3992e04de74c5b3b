import {
  chmod,
  chown,
  link,
  lutimes,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  realpath,
  rename,
  rm,
  stat,
  symlink,
  unlink,
  utimes,
  writeFile,
} from 'node:fs/promises';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LEFTOVER_TEMPORARY_AGE_MS } from './limits';
import { writeFileAtomically } from './write-file-atomically';

let folder: string;
beforeEach(async () => {
  folder = await realpath(await mkdtemp(path.join(tmpdir(), 'workspace-write-')));
});
afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

const bytes = (text: string) => Buffer.from(text);

describe('writeFileAtomically', { timeout: 60_000 }, () => {
  it('joins the pieces, creates a missing file, and leaves only that file', async () => {
    const filePath = path.join(folder, 'new.txt');
    expect(
      await writeFileAtomically({
        filePath,
        realRoot: folder,
        content: [bytes('one '), bytes('two')],
      }),
    ).toEqual({ ok: true });
    expect(await readFile(filePath, 'utf8')).toBe('one two');
    expect(await readdir(folder)).toEqual(['new.txt']);
  });

  it("keeps the replaced file's permission bits, whatever the umask", async () => {
    const filePath = path.join(folder, 'script.sh');
    await writeFile(filePath, 'old');
    await chmod(filePath, 0o754);
    // A strict umask would narrow the new file's mode to 0o700 if only open() set it.
    const previous = process.umask(0o077);
    try {
      expect(
        await writeFileAtomically({ filePath, realRoot: folder, content: [bytes('new')] }),
      ).toEqual({
        ok: true,
      });
    } finally {
      process.umask(previous);
    }
    expect((await stat(filePath)).mode & 0o7777).toBe(0o754);
  });

  // Only root may give a file to another user, so as anyone else there is nothing to check.
  it.skipIf(process.getuid?.() !== 0)(
    "keeps the replaced file's owner, group and set-group-id bit when run as root (skipped unless root: only root may give a file away)",
    async () => {
      const filePath = path.join(folder, 'theirs.sh');
      await writeFile(filePath, 'old');
      // nobody:nogroup on Linux and macOS alike; chown clears the set-id bits, so mode comes after.
      await chown(filePath, 65534, 65534);
      await chmod(filePath, 0o2755);
      expect(
        await writeFileAtomically({ filePath, realRoot: folder, content: [bytes('new')] }),
      ).toEqual({ ok: true });
      const after = await stat(filePath);
      expect({ uid: after.uid, gid: after.gid, mode: after.mode & 0o7777 }).toEqual({
        uid: 65534,
        gid: 65534,
        mode: 0o2755,
      });
      expect(await readFile(filePath, 'utf8')).toBe('new');
    },
  );

  // Only root can make a file of another user's that "nobody" may replace, and switch to nobody.
  it.skipIf(process.getuid?.() !== 0)(
    'drops a set-user-id bit whose owner the writer could not keep (skipped unless root: it switches to the user nobody)',
    async (context) => {
      // Run as nobody, the write cannot give the file back to root: nobody must not be left
      // owning a set-user-id file, which would run as nobody for whoever starts it.
      const shared = await realpath(await mkdtemp(path.join(tmpdir(), 'workspace-shared-')));
      try {
        await chmod(shared, 0o777);
        const filePath = path.join(shared, 'tool.sh');
        await writeFile(filePath, 'old');
        await chmod(filePath, 0o4777);
        const script = [
          `const { writeFileAtomically } = await import(${JSON.stringify(path.join(import.meta.dirname, 'write-file-atomically.ts'))});`,
          `const outcome = await writeFileAtomically({ filePath: ${JSON.stringify(filePath)}, realRoot: ${JSON.stringify(shared)}, content: [Buffer.from('new')] });`,
          'console.log(JSON.stringify(outcome));',
        ].join('\n');
        const asNobody = ['--reuid=nobody', '--regid=nogroup', '--clear-groups'];
        const probe = spawnSync('setpriv', [...asNobody, 'true']);
        if (probe.error || probe.status !== 0) {
          context.skip('running as root and setpriv cannot switch to the user nobody');
        }
        const child = spawnSync(
          'setpriv',
          [
            ...asNobody,
            process.execPath,
            '--import',
            import.meta.resolve('tsx'),
            '--input-type=module',
            '-e',
            script,
          ],
          { encoding: 'utf8', cwd: tmpdir() },
        );
        expect(child.stderr).toBe('');
        expect(JSON.parse(child.stdout)).toEqual({ ok: true });
        const after = await stat(filePath);
        expect({ uid: after.uid, mode: after.mode & 0o7777 }).toEqual({ uid: 65534, mode: 0o777 });
      } finally {
        await rm(shared, { recursive: true, force: true });
      }
    },
  );

  it('refuses a file with a second name (a hard link), which a rename would leave behind', async () => {
    const filePath = path.join(folder, 'shared.txt');
    await writeFile(filePath, 'old');
    await link(filePath, path.join(folder, 'other-name.txt'));
    const result = await writeFileAtomically({
      filePath,
      realRoot: folder,
      content: [bytes('new')],
    });
    expect(result).toMatchObject({ ok: false, reason: 'failed' });
    expect(!result.ok && result.error).toContain('2 names (hard links)');
    expect(!result.ok && result.error).not.toContain(folder);
    expect(await readFile(filePath, 'utf8')).toBe('old');
    expect(await readFile(path.join(folder, 'other-name.txt'), 'utf8')).toBe('old');
    expect((await readdir(folder)).sort()).toEqual(['other-name.txt', 'shared.txt']);
  });

  it('edits and creates names up to the 255 bytes a file system allows, leaving only them', async () => {
    // ASCII, two-byte and four-byte characters: a shortened temporary name must end on a whole one.
    const names = ['n'.repeat(251) + '.txt', 'é'.repeat(125) + '.txt', '😀'.repeat(62) + '.txt'];
    for (const name of names) {
      expect(Buffer.byteLength(name)).toBeGreaterThanOrEqual(252);
      const filePath = path.join(folder, name);
      const created = await writeFileAtomically({
        filePath,
        realRoot: folder,
        content: [bytes('new')],
        createOnly: true,
      });
      expect(created).toEqual({ ok: true });
      const edited = await writeFileAtomically({
        filePath,
        realRoot: folder,
        content: [bytes('edited')],
      });
      expect(edited).toEqual({ ok: true });
      expect(await readFile(filePath, 'utf8')).toBe('edited');
    }
    expect((await readdir(folder)).sort()).toEqual([...names].sort());
  });

  it("removes a killed writer's temporary files at the next write in the folder, and nothing that only looks like one", async () => {
    // A process that has exited: the writer of a leftover, killed halfway through its edit.
    const dead = spawnSync(process.execPath, ['-e', '']).pid;
    const hex = '0123456789ab';
    const hourAgo = new Date(Date.now() - 3_600_000);
    const leftovers = [`.kept.txt.agent-${dead}-${hex}.tmp`, `.other.js.agent-${dead}-${hex}.tmp`];
    const kept = [
      // A live writer's (this process's), however old: it may be stopped with Ctrl-Z.
      `.kept.txt.agent-${process.pid}-${hex}.tmp`,
      // Named as the user likes, or as temporary files were named before the writer was in them.
      '.kept.txt.tmp',
      `.kept.txt.${hex}.tmp`,
      `.kept.txt.agent-${dead}-${hex}.tmp.bak`,
    ];
    for (const name of [...leftovers, ...kept]) {
      await writeFile(path.join(folder, name), 'partial');
      await utimes(path.join(folder, name), hourAgo, hourAgo);
    }
    // A dead writer's, but written a moment ago: a writer in another process namespace (a
    // container sharing the folder) shows no pid here and may still be at work.
    const fresh = `.fresh.txt.agent-${dead}-${hex}.tmp`;
    await writeFile(path.join(folder, fresh), 'partial');
    // Named like a leftover but not a lone regular file: a folder, a link, a second name.
    const folderLike = `.dir.agent-${dead}-${hex}.tmp`;
    const linkLike = `.link.agent-${dead}-${hex}.tmp`;
    const hardLike = `.hard.agent-${dead}-${hex}.tmp`;
    await mkdir(path.join(folder, folderLike));
    await utimes(path.join(folder, folderLike), hourAgo, hourAgo);
    await symlink('kept.txt', path.join(folder, linkLike));
    await lutimes(path.join(folder, linkLike), hourAgo, hourAgo);
    await writeFile(path.join(folder, 'hard.txt'), 'mine');
    await link(path.join(folder, 'hard.txt'), path.join(folder, hardLike));
    await utimes(path.join(folder, hardLike), hourAgo, hourAgo);
    await writeFile(path.join(folder, 'kept.txt'), 'old');

    expect(
      await writeFileAtomically({
        filePath: path.join(folder, 'kept.txt'),
        realRoot: folder,
        content: [bytes('new')],
      }),
    ).toEqual({ ok: true });
    expect((await readdir(folder)).sort()).toEqual(
      [...kept, fresh, folderLike, linkLike, hardLike, 'hard.txt', 'kept.txt'].sort(),
    );
  });

  it('removes its temporary file and keeps the original when the final rename fails', async () => {
    // A non-empty folder cannot be replaced by a file: the rename fails after the data is written.
    const filePath = path.join(folder, 'occupied');
    await mkdir(filePath);
    await writeFile(path.join(filePath, 'inside.txt'), 'keep me');
    const result = await writeFileAtomically({
      filePath,
      realRoot: folder,
      content: [bytes('data')],
    });
    expect(result).toMatchObject({ ok: false, reason: 'failed' });
    expect(!result.ok && result.error).toContain('a folder has that name');
    expect(!result.ok && result.error).not.toContain(folder);
    expect(await readdir(folder)).toEqual(['occupied']);
    expect(await readFile(path.join(filePath, 'inside.txt'), 'utf8')).toBe('keep me');
  });

  it('removes its temporary file when beforeReplace refuses, and returns the refusal', async () => {
    const filePath = path.join(folder, 'guarded.txt');
    await writeFile(filePath, 'original');
    const result = await writeFileAtomically({
      filePath,
      realRoot: folder,
      content: [bytes('replacement')],
      beforeReplace: async () => 'someone changed it',
    });
    expect(result).toEqual({ ok: false, reason: 'refused', error: 'someone changed it' });
    expect(await readFile(filePath, 'utf8')).toBe('original');
    expect(await readdir(folder)).toEqual(['guarded.txt']);
  });

  it('fails with a message, not an exception, when the folder does not exist', async () => {
    const result = await writeFileAtomically({
      filePath: path.join(folder, 'missing', 'file.txt'),
      realRoot: folder,
      content: [bytes('x')],
    });
    expect(result).toMatchObject({ ok: false, reason: 'failed' });
  });

  it('never lets a reader see a mix of the old and the new content', async () => {
    const filePath = path.join(folder, 'swapped.txt');
    const size = 1024 * 1024;
    const versions = [Buffer.alloc(size, 'a'), Buffer.alloc(size, 'b')];
    await writeFile(filePath, versions[0]!);
    let writing = true;
    const reader = (async () => {
      let reads = 0;
      while (writing || reads === 0) {
        const seen = await readFile(filePath);
        reads += 1;
        expect(seen.length).toBe(size);
        expect(seen[0] === seen[size - 1] && seen.indexOf(seen[0] === 97 ? 98 : 97) === -1).toBe(
          true,
        );
      }
      return reads;
    })();
    for (let round = 1; round <= 20; round += 1) {
      expect(
        await writeFileAtomically({ filePath, realRoot: folder, content: [versions[round % 2]!] }),
      ).toEqual({
        ok: true,
      });
    }
    writing = false;
    expect(await reader).toBeGreaterThan(0);
  });

  it('creates missing folders for a new file, and never replaces a file that appears meanwhile', async () => {
    const filePath = path.join(folder, 'deep', 'er', 'new.txt');
    const result = await writeFileAtomically({
      filePath,
      realRoot: folder,
      content: [bytes('mine')],
      createOnly: true,
      // A person saves a file of that name while the new content is being written.
      beforeReplace: async () => void (await writeFile(filePath, 'theirs')),
    });
    expect(result).toMatchObject({ ok: false, reason: 'exists' });
    expect(await readFile(filePath, 'utf8')).toBe('theirs');
    expect(await readdir(path.dirname(filePath))).toEqual(['new.txt']);
    expect(
      await writeFileAtomically({
        filePath: path.join(folder, 'deep', 'other.txt'),
        realRoot: folder,
        content: [bytes('mine')],
        createOnly: true,
      }),
    ).toEqual({ ok: true });
    expect(await readFile(path.join(folder, 'deep', 'other.txt'), 'utf8')).toBe('mine');
  });

  it('removes the temporary file of a writer killed halfway, once it is a minute old', async () => {
    const filePath = path.join(folder, 'edited.txt');
    await writeFile(filePath, 'old');
    // A writer killed with SIGKILL just before its rename: its temporary file is all it leaves.
    const script = [
      `const { writeFileAtomically } = await import(${JSON.stringify(path.join(import.meta.dirname, 'write-file-atomically.ts'))});`,
      `await writeFileAtomically({ filePath: ${JSON.stringify(filePath)}, realRoot: ${JSON.stringify(folder)}, content: [Buffer.from('half')], beforeReplace: () => process.kill(process.pid, 'SIGKILL') });`,
    ].join('\n');
    const killed = spawnSync(
      process.execPath,
      ['--import', import.meta.resolve('tsx'), '--input-type=module', '-e', script],
      { encoding: 'utf8' },
    );
    expect(killed.signal).toBe('SIGKILL');
    const [leftover, ...others] = (await readdir(folder)).filter((name) => name !== 'edited.txt');
    expect(others).toEqual([]);
    expect(leftover).toMatch(/^\.edited\.txt\.agent-\d+-[0-9a-f]{12}\.tmp$/);
    // A write right away leaves it (a writer this process cannot see may look dead); a minute on, not.
    const write = () =>
      writeFileAtomically({ filePath, realRoot: folder, content: [bytes('new')] });
    expect(await write()).toEqual({ ok: true });
    expect((await readdir(folder)).sort()).toEqual([leftover!, 'edited.txt'].sort());
    const minuteAgo = new Date(Date.now() - LEFTOVER_TEMPORARY_AGE_MS - 1_000);
    await utimes(path.join(folder, leftover!), minuteAgo, minuteAgo);
    expect(await write()).toEqual({ ok: true });
    expect(await readdir(folder)).toEqual(['edited.txt']);
    expect(await readFile(filePath, 'utf8')).toBe('new');
  });

  it('removes the folders a failed create made, and only those', async () => {
    await mkdir(path.join(folder, 'kept'));
    const refused = await writeFileAtomically({
      filePath: path.join(folder, 'kept', 'made', 'deeper', 'new.txt'),
      realRoot: folder,
      content: [bytes('mine')],
      createOnly: true,
      beforeReplace: async () => 'refused for the test',
    });
    expect(refused).toMatchObject({ ok: false, reason: 'refused' });
    expect(await readdir(folder)).toEqual(['kept']);
    expect(await readdir(path.join(folder, 'kept'))).toEqual([]);
    // A folder that someone filled meanwhile is not emptied: it, and those above it, stay.
    const filled = await writeFileAtomically({
      filePath: path.join(folder, 'kept', 'made', 'deeper', 'new.txt'),
      realRoot: folder,
      content: [bytes('mine')],
      createOnly: true,
      beforeReplace: async () => {
        await writeFile(path.join(folder, 'kept', 'made', 'theirs.txt'), 'theirs');
        return 'refused for the test';
      },
    });
    expect(filled).toMatchObject({ ok: false, reason: 'refused' });
    expect(await readdir(path.join(folder, 'kept', 'made'))).toEqual(['theirs.txt']);
  });

  it('writes one file one write at a time: the second is judged against what the first wrote', async () => {
    const filePath = path.join(folder, 'shared.txt');
    await writeFile(filePath, 'original');
    // Each writer checks, as an edit does, that the file still holds what it read; then it lingers
    // before its rename, long enough for a writer running alongside to check too.
    const writeUnlessChanged = (text: string) =>
      writeFileAtomically({
        filePath,
        realRoot: folder,
        content: [bytes(text)],
        beforeReplace: async (currentPath) => {
          const now = await readFile(currentPath, 'utf8');
          await new Promise((resolve) => setTimeout(resolve, 50));
          return now === 'original' ? undefined : `changed: it holds ${now}`;
        },
      });
    const outcomes = await Promise.all([writeUnlessChanged('first'), writeUnlessChanged('second')]);
    expect(outcomes).toEqual([
      { ok: true },
      { ok: false, reason: 'refused', error: 'changed: it holds first' },
    ]);
    expect(await readFile(filePath, 'utf8')).toBe('first');
    // A write to another file does not wait for this one: it ends while this one lingers.
    const finished: string[] = [];
    await Promise.all([
      writeUnlessChanged('third').then(() => finished.push('shared.txt')),
      writeFileAtomically({
        filePath: path.join(folder, 'other.txt'),
        realRoot: folder,
        content: [bytes('x')],
      }).then(() => finished.push('other.txt')),
    ]);
    expect(finished).toEqual(['other.txt', 'shared.txt']);
    expect(await readdir(folder)).toEqual(['other.txt', 'shared.txt'].sort());
  });

  // Through names alone (macOS) the folder's identity is checked only before the write.
  it.runIf(existsSync('/proc/self/fd'))(
    'writes into the folder it checked even when that folder becomes a link to the outside',
    async () => {
      const outside = await realpath(await mkdtemp(path.join(tmpdir(), 'workspace-outside-')));
      try {
        const root = path.join(folder, 'root');
        await mkdir(path.join(root, 'box'), { recursive: true });
        await writeFile(path.join(root, 'box', 'kept.txt'), 'inside');
        await writeFile(path.join(outside, 'kept.txt'), 'outside');
        // Between the check and the rename, box is moved away and a link to the outside takes its name.
        const swap = async () => {
          await rename(path.join(root, 'box'), path.join(root, 'box.held'));
          await symlink(outside, path.join(root, 'box'));
          return undefined;
        };
        for (const createOnly of [false, true]) {
          const name = createOnly ? 'new.txt' : 'kept.txt';
          const result = await writeFileAtomically({
            filePath: path.join(root, 'box', name),
            realRoot: root,
            content: [bytes('written')],
            createOnly,
            beforeReplace: swap,
          });
          expect(result).toEqual({ ok: true });
          expect(await readFile(path.join(root, 'box.held', name), 'utf8')).toBe('written');
          await unlink(path.join(root, 'box'));
          await rename(path.join(root, 'box.held'), path.join(root, 'box'));
        }
        expect(await readdir(outside)).toEqual(['kept.txt']);
        expect(await readFile(path.join(outside, 'kept.txt'), 'utf8')).toBe('outside');
      } finally {
        await rm(outside, { recursive: true, force: true });
      }
    },
  );

  it('refuses a folder outside the root, and a folder on the way that is a link', async () => {
    const outside = path.join(folder, 'outside');
    const root = path.join(folder, 'root');
    await mkdir(outside);
    await mkdir(root);
    await symlink(outside, path.join(root, 'link'));
    for (const filePath of [path.join(outside, 'x.txt'), path.join(root, 'link', 'x.txt')]) {
      const result = await writeFileAtomically({
        filePath,
        realRoot: root,
        content: [bytes('x')],
        createOnly: true,
      });
      expect(result).toMatchObject({ ok: false, reason: 'failed' });
      expect(!result.ok && result.error).not.toContain(folder);
    }
    expect(await readdir(outside)).toEqual([]);
  });
});
