import type { Message, ModelTool } from '@agent-course/core';

/** The question the probe asks every run: two independent calls, so a model can make them in parallel. */
export const PROBE_MESSAGES: Message[] = [
  {
    role: 'system',
    content:
      'You are a coding agent. When two tool calls do not depend on each other, make them in the same reply.',
  },
  {
    role: 'user',
    content:
      'Call glob with pattern "**/*.ts" and grep with pattern "TODO" now, both in this one reply. Do not answer in text.',
  },
];

/** The tools the question offers; the probe never runs them, it only watches the calls stream in. */
export const PROBE_TOOLS: ModelTool[] = [
  {
    name: 'glob',
    description: 'Lists files whose path matches a glob pattern, e.g. "src/**/*.ts".',
    parameters: {
      type: 'object',
      properties: { pattern: { type: 'string', description: 'the glob pattern' } },
      required: ['pattern'],
      additionalProperties: false,
    },
  },
  {
    name: 'grep',
    description: 'Searches file contents for a regular expression; prints path:line:text.',
    parameters: {
      type: 'object',
      properties: { pattern: { type: 'string', description: 'the regular expression' } },
      required: ['pattern'],
      additionalProperties: false,
    },
  },
];
