import { randomBytes } from 'node:crypto';
import { MAX_NAME_BYTES } from './limits';

/**
 * The name an atomic write gives its temporary file beside `name`:
 * `.<name>.agent-<pid>-<12 hex digits>.tmp`. The writer's process id is in it so that a later
 * write can tell the leftover of a killed agent from a write still under way
 * (removeLeftoverTemporaries); the random part keeps two writes of one process apart. The name is
 * shortened, on a whole character, so that the whole fits in MAX_NAME_BYTES: a file whose own name
 * is near the limit can still be written.
 */
export function temporaryNameFor({ name, pid = process.pid }: { name: string; pid?: number }) {
  const tail = `.agent-${pid}-${randomBytes(6).toString('hex')}.tmp`;
  const room = MAX_NAME_BYTES - Buffer.byteLength(tail) - 1;
  return `.${leadingBytes({ text: name, maxBytes: room })}${tail}`;
}

/** The process id in a name temporaryNameFor made; undefined for any other name. */
export function writerOfTemporaryName(name: string): number | undefined {
  const match = TEMPORARY_NAME.exec(name);
  return match ? Number(match[1]) : undefined;
}

const TEMPORARY_NAME = /^\..*\.agent-([1-9]\d{0,9})-[0-9a-f]{12}\.tmp$/su;

/** The longest start of `text` that is at most `maxBytes` in UTF-8 and ends on a whole character. */
function leadingBytes({ text, maxBytes }: { text: string; maxBytes: number }): string {
  let bytes = 0;
  let end = 0;
  for (const character of text) {
    bytes += Buffer.byteLength(character);
    if (bytes > maxBytes) break;
    end += character.length;
  }
  return text.slice(0, end);
}
