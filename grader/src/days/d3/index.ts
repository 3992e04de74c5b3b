import type { Day } from '../../day';
import { LAB_FILES } from './lab-files';

/**
 * Day 3, the tool protocol and the read-only trio: seven checks, reported in this order. The
 * untouched starter passes the first two; TODO(1), (2) and (3) unlock the rest.
 */
export const day3: Day = {
  id: 'd3',
  labDir: 'labs/d3',
  solutionDir: 'solutions/d3',
  loadLab: async (labDir) => (await import('./d3-lab')).loadD3Lab(labDir),
  checks: [
    {
      id: 'tool-schemas',
      runsIn: 'child',
      title:
        'tool schemas: verb_noun names, examples and limits, described and strict parameters, readOnly',
      hint: 'src/tools/*.ts — a description with an example and a limit, .describe() on every parameter, z.strictObject, readOnly: true',
      load: () => import('./checks/tool-schemas'),
    },
    {
      id: 'path-boundary',
      runsIn: 'child',
      title:
        'path boundary: .., absolute, same-prefix sibling and symlinked paths are refused by every tool',
      hint: 'src/tools/*.ts — hand every path and pattern to the workspace package (readWorkspaceFile, globWorkspace, grepWorkspace) and return its error as { ok: false }',
      load: () => import('./checks/path-boundary'),
    },
    {
      id: 'fragment-merging',
      runsIn: 'child',
      title:
        'fragment merging: interleaved fragments from index 1 become two calls, even on a stop turn',
      hint: `${LAB_FILES.accumulator}, TODO(1) — key slots by delta.index in a Map, write id/name only when present, append argsDelta, drain sorted by index`,
      load: () => import('./checks/fragment-merging'),
    },
    {
      id: 'bad-arguments',
      runsIn: 'grader',
      title:
        'bad arguments: invalid JSON, a missing field and a wrong type become failed results; exit 0',
      hint: `${LAB_FILES.registry}, TODO(2) — parse the JSON, check it against the tool's schema, and return { ok: false, content } naming the problem instead of throwing`,
      load: () => import('./checks/bad-arguments'),
    },
    {
      id: 'unknown-tool',
      runsIn: 'grader',
      title: 'unknown tool: edit_file is answered with the tools that exist, and the run goes on',
      hint: `${LAB_FILES.registry}, TODO(2) — when no tool has the call's name, return { ok: false } saying "there is no tool named <name>. Available: <names>"`,
      load: () => import('./checks/unknown-tool'),
    },
    {
      id: 'truncation',
      runsIn: 'child',
      title:
        'truncation: 20,000 characters become 8,054 (60/40 head and tail, 12,000 cut), short results untouched',
      hint: `${LAB_FILES.truncation}, TODO(3) — keep the first 60% and the last 40% of MAX_RESULT_CHARS around truncationNote, and set meta`,
      load: () => import('./checks/truncation'),
    },
    {
      id: 'call-order',
      runsIn: 'grader',
      title:
        'call order: glob, grep, read_file feed back 50, 361 and 248 characters, then a conclusion',
      hint: `${LAB_FILES.accumulator}, TODO(1), and ${LAB_FILES.runAgent} — merge every call, run each, answer each with one tool message`,
      load: () => import('./checks/call-order'),
    },
  ],
};
