import type { ToolCall, ToolCallDelta } from '@agent-course/core';

// Broken on purpose (fragment-merging): the index is used as an array subscript counted from 0.
export class ToolCallAccumulator {
  private slots: Array<{ id?: string; name?: string; args: string }> = [];

  push(delta: ToolCallDelta): void {
    const slot = this.slots[delta.index] ?? { args: '' };
    slot.id = delta.id || slot.id;
    slot.name = delta.name || slot.name;
    if (delta.argsDelta) slot.args += delta.argsDelta;
    this.slots[delta.index] = slot;
  }

  drain(): ToolCall[] {
    const calls: ToolCall[] = [];
    for (let index = 0; index < this.slots.length; index++) {
      const slot = this.slots[index] ?? { args: '' };
      calls.push({ id: slot.id ?? `call_${index}`, name: slot.name ?? '', args: slot.args });
    }
    this.slots = [];
    return calls;
  }
}
