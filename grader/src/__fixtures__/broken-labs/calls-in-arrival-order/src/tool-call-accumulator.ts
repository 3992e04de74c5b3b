import type { ToolCall, ToolCallDelta } from '@agent-course/core';

// Broken on purpose (fragment-merging): calls come out in the order their first fragment arrived.
export class ToolCallAccumulator {
  private readonly slots = new Map<number, { id?: string; name?: string; args: string }>();

  push(delta: ToolCallDelta): void {
    const slot = this.slots.get(delta.index) ?? { args: '' };
    slot.id = delta.id || slot.id;
    slot.name = delta.name || slot.name;
    if (delta.argsDelta) slot.args += delta.argsDelta;
    this.slots.set(delta.index, slot);
  }

  drain(): ToolCall[] {
    const calls = [...this.slots.entries()].map(([index, slot]) => ({
      id: slot.id ?? `call_${index}`,
      name: slot.name ?? '',
      args: slot.args,
    }));
    this.slots.clear();
    return calls;
  }
}
