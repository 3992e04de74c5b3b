import type { ToolCall, ToolCallDelta } from '@agent-course/core';

// Broken on purpose (fragment-merging): every fragment opens a call of its own, so a call's
// arguments end up spread over several calls without a name.
export class ToolCallAccumulator {
  private calls: ToolCall[] = [];

  push(delta: ToolCallDelta): void {
    this.calls.push({
      id: delta.id ?? `call_${this.calls.length}`,
      name: delta.name ?? '',
      args: delta.argsDelta ?? '',
    });
  }

  drain(): ToolCall[] {
    const calls = this.calls;
    this.calls = [];
    return calls;
  }
}
