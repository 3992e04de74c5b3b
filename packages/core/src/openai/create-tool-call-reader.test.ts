import { describe, expect, it } from 'vitest';
import type { StreamEvent } from '../protocol/stream-event';
import { createToolCallReader } from './create-tool-call-reader';

/** What one reader makes of each chunk's fragments, one list per chunk, flattened. */
function read(chunks: unknown[][]): StreamEvent[] {
  const reader = createToolCallReader();
  return chunks.flatMap((fragments) => reader.read(fragments as never));
}

describe('createToolCallReader', () => {
  it('passes each fragment on unmerged, and nothing for a chunk without fragments', () => {
    expect(
      read([
        [{ index: 3, id: 'a', function: { name: 'glob', arguments: '' } }],
        [],
        [{ index: 3, function: { arguments: '{}' } }],
      ]),
    ).toEqual([
      { type: 'tool-call-delta', delta: { index: 3, id: 'a', name: 'glob' } },
      { type: 'tool-call-delta', delta: { index: 3, argsDelta: '{}' } },
    ]);
    expect(createToolCallReader().read(undefined)).toEqual([]);
    expect(createToolCallReader().read(null)).toEqual([]);
  });

  it('passes arguments sent as a JSON object on as their text, with one notice per call', () => {
    expect(
      read([
        [{ index: 0, id: 'a', function: { name: 'grep', arguments: { pattern: 'divide' } } }],
        [{ index: 0, function: { arguments: { more: 1 } } }],
        [{ index: 1, id: 'b', function: { name: 'glob', arguments: '{}' } }],
      ]),
    ).toEqual([
      {
        type: 'notice',
        message:
          'the endpoint sent the arguments of grep as a JSON object instead of JSON text; they are used as their JSON text',
      },
      {
        type: 'tool-call-delta',
        delta: { index: 0, id: 'a', name: 'grep', argsDelta: '{"pattern":"divide"}' },
      },
      { type: 'tool-call-delta', delta: { index: 0, argsDelta: '{"more":1}' } },
      { type: 'tool-call-delta', delta: { index: 1, id: 'b', name: 'glob', argsDelta: '{}' } },
    ]);
  });

  it('treats empty-string ids and names as absent but reports a fragment that has nothing', () => {
    expect(
      read([
        [{ index: 0, id: 'a', function: { name: 'grep', arguments: '{' } }],
        [{ index: 0, id: '', function: { name: '', arguments: '}' } }],
        [{ index: 0, function: { arguments: '' } }],
      ]),
    ).toEqual([
      { type: 'tool-call-delta', delta: { index: 0, id: 'a', name: 'grep', argsDelta: '{' } },
      { type: 'tool-call-delta', delta: { index: 0, argsDelta: '}' } },
      { type: 'tool-call-delta', delta: { index: 0 } },
    ]);
  });

  it('derives indexes when they are missing: same id, same index; no id, the call before', () => {
    expect(
      read([
        [{ id: 'a', function: { name: 'glob', arguments: '{"p":' } }],
        [{ function: { arguments: '1}' } }],
        [{ id: 'b', function: { name: 'grep', arguments: '' } }],
        [{ id: 'a', function: { arguments: '' } }],
        [{ function: { arguments: '{}' } }],
      ]),
    ).toEqual([
      { type: 'tool-call-delta', delta: { index: 0, id: 'a', name: 'glob', argsDelta: '{"p":' } },
      { type: 'tool-call-delta', delta: { index: 0, argsDelta: '1}' } },
      { type: 'tool-call-delta', delta: { index: 1, id: 'b', name: 'grep' } },
      { type: 'tool-call-delta', delta: { index: 0, id: 'a' } },
      { type: 'tool-call-delta', delta: { index: 0, argsDelta: '{}' } },
    ]);
  });

  it('never hands out an index the provider already used', () => {
    expect(
      read([
        [{ index: 0, id: 'a', function: { name: 'glob' } }],
        [{ id: 'b', function: { name: 'grep' } }],
      ]),
    ).toEqual([
      { type: 'tool-call-delta', delta: { index: 0, id: 'a', name: 'glob' } },
      { type: 'tool-call-delta', delta: { index: 1, id: 'b', name: 'grep' } },
    ]);
  });
});
