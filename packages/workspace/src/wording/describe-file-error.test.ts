import { constants } from 'node:os';
import { describe, expect, it } from 'vitest';
import { describeFileError } from './describe-file-error';

/** What Node throws: its message quotes the absolute path, which no answer may repeat. */
function systemError(code: string): NodeJS.ErrnoException {
  const absolutePath = '/home/someone/secret-project/src/calc.js';
  return Object.assign(new Error(`${code}: simulated, open '${absolutePath}'`), {
    code,
    path: absolutePath,
    syscall: 'open',
  });
}

/** The codes the engines' open, read, stat, realpath, readdir, mkdir, link and rename can meet. */
const FILE_ERROR_CODES = [
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
];

describe('describeFileError', () => {
  it.each(FILE_ERROR_CODES)('%s: words of its own, the path as given, what to do next', (code) => {
    const sentence = describeFileError({
      error: systemError(code),
      path: 'src/calc.js',
      action: 'read',
    });
    expect(sentence).toMatch(/^src\/calc\.js could not be read: [^;]+; \S/);
    expect(sentence).not.toContain('/home/');
    expect(sentence).not.toContain(code);
  });

  it('answers every code the system defines, and errors without one, without the absolute path', () => {
    const codes = [...Object.keys(constants.errno), 'ERR_SOMETHING_NODE_ADDS'];
    for (const error of [...codes.map(systemError), new Error('/home/x'), undefined, 'text']) {
      const sentence = describeFileError({ error, path: 'a.txt', action: 'written' });
      expect(sentence).toMatch(/^a\.txt could not be written: .+, so nothing was changed; \S/);
      expect(sentence).not.toContain('/home/');
    }
  });

  it('names a code it has no words for, so the model can tell one failure from another', () => {
    expect(describeFileError({ error: systemError('EPROTO'), path: 'a.txt', action: 'read' })).toBe(
      'a.txt could not be read: the system refused (EPROTO); try again, or use a command to see what is there',
    );
  });
});
