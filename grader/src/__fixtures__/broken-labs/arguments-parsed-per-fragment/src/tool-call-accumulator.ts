import type { ToolCall, ToolCallDelta } from '@agent-course/core';

// Broken on purpose (fragment-merging): each fragment is parsed as JSON on arrival; pieces that do
// not parse alone are dropped, so arguments cut inside a string or an escape are lost.
export class ToolCallAccumulator {
  private readonly slots = new Map<number, { id?: string; name?: string; args: string }>();

  push(delta: ToolCallDelta): void {
    const slot = this.slots.get(delta.index) ?? { args: '' };
    slot.id = delta.id || slot.id;
    slot.name = delta.name || slot.name;
    if (delta.argsDelta) {
      try {
        JSON.parse(delta.argsDelta);
        slot.args += delta.argsDelta;
      } catch {
        // dropped
      }
    }
    this.slots.set(delta.index, slot);
  }

  drain(): ToolCall[] {
    const calls = [...this.slots.entries()]
      .sort(([left], [right]) => left - right)
      .map(([index, slot]) => ({
        id: slot.id ?? `call_${index}`,
        name: slot.name ?? '',
        args: slot.args,
      }));
    this.slots.clear();
    return calls;
  }
}
