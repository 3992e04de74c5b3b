/**
 * V8 settings for every program a grade starts (the check process, the lab's real run).
 *
 * `--liftoff-only`: fetch parses HTTP with a WebAssembly module, which V8 otherwise compiles a
 * second time, optimized, in the background, and a process cannot end before that work does: it
 * added about a tenth of a second to every run of the lab, and a third of a second of CPU to a
 * grade. The first compiler's code parses the few responses of a scripted run just as well.
 */
export const NODE_FLAGS = ['--liftoff-only'];
