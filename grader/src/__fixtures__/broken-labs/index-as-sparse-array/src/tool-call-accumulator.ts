import type { ToolCall, ToolCallDelta } from '@agent-course/core';

// Broken on purpose (fragment-merging), as a student wrote it: each call is stored at
// calls[delta.index], so a stream counting from 1 leaves a hole at 0, which drain() returns.
export class ToolCallAccumulator {
  private calls: ToolCall[] = [];

  push(delta: ToolCallDelta): void {
    const call = (this.calls[delta.index] ??= { id: '', name: '', args: '' });
    if (delta.id) call.id = delta.id;
    if (delta.name) call.name = delta.name;
    if (delta.argsDelta) call.args += delta.argsDelta;
  }

  drain(): ToolCall[] {
    const calls = this.calls;
    this.calls = [];
    return calls;
  }
}
