import type { ToolCall, ToolCallDelta } from '@agent-course/core';

// Broken on purpose (fragment-merging): calls are keyed by id alone, so a fragment without an id
// joins whichever call last brought one, whatever its index says.
export class ToolCallAccumulator {
  private calls = new Map<string, ToolCall>();
  private latestId: string | undefined;

  push(delta: ToolCallDelta): void {
    if (delta.id) this.latestId = delta.id;
    const id = this.latestId ?? '';
    const call = this.calls.get(id) ?? { id, name: '', args: '' };
    if (delta.name) call.name = delta.name;
    if (delta.argsDelta) call.args += delta.argsDelta;
    this.calls.set(id, call);
  }

  drain(): ToolCall[] {
    const calls = [...this.calls.values()];
    this.calls.clear();
    this.latestId = undefined;
    return calls;
  }
}
