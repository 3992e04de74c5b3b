/**
 * V8 settings for every program a grade starts (the check process, the lab's real run).
 *
 * `--liftoff-only`: fetch parses HTTP with a WebAssembly module, which V8 otherwise compiles a
 * second time, optimized, in the background, and a process cannot end before that work does: it
 * added about a tenth of a second to every run of the lab, and a third of a second of CPU to a
 * grade. The first compiler's code parses the few responses of a scripted run just as well.
 *
 * `--no-opt`: no JavaScript function runs long enough in a grade's short-lived processes for V8's
 * optimizing compiler to pay for itself; left on, it compiled functions in the background that the
 * process ended before using much, about a tenth of a second of CPU per grade (measured by
 * interleaved grades, 11 each). A lab spinning in a loop is slower without it, and is stopped at
 * its CPU time limit just the same.
 */
export const NODE_FLAGS = ['--liftoff-only', '--no-opt'];
