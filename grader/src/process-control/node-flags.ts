/**
 * Node's command-line flags for every program a grade starts (the check process, the lab's real
 * run). No V8 flag among them, which would cost each of Node's own modules its compiled code: a
 * module imported first sets V8's flags once Node's modules are loaded (see apply-node-flags.mjs).
 */
export const NODE_FLAGS = ['--import', new URL('./apply-node-flags.mjs', import.meta.url).href];
