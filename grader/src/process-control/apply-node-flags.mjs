// @ts-check
// Imported before anything else in every program a grade starts (`node --import`, see
// node-flags.ts): it loads Node's own modules those programs use, then sets V8's flags for the rest
// of the process. Plain JavaScript, since it runs before any of the grader's code.
//
// In that order because Node keeps its own modules compiled ahead of time, but V8 throws that
// compiled code away for a process started with any V8 flag on its command line, and each of a
// grade's two programs would compile fetch and the rest anew. Set here, after the modules
// below are loaded, the flags cost those nothing; a module loaded later is compiled anew, so the
// list holds the modules the check process and the lab's real run were seen to load (in
// `process.moduleLoadList`), all but a few small ones loaded on first use.
import 'node:assert';
import 'node:child_process';
import 'node:cluster';
import 'node:crypto';
import 'node:dgram';
import 'node:diagnostics_channel';
import 'node:dns';
import 'node:fs/promises';
import 'node:http';
import 'node:http2';
import 'node:net';
import 'node:os';
import 'node:perf_hooks';
import 'node:readline/promises';
import 'node:stream/promises';
import 'node:stream/web';
import 'node:string_decoder';
import 'node:timers/promises';
import 'node:tls';
import 'node:tty';
import 'node:util/types';
import { setFlagsFromString } from 'node:v8';
import 'node:vm';
import 'node:worker_threads';
import 'node:zlib';

/**
 * `--liftoff-only`: fetch parses HTTP with a WebAssembly module, which V8 otherwise compiles a
 * second time, optimized, in the background, and a process cannot end before that work does: it
 * added about a tenth of a second to every run of the lab, and a third of a second of CPU to a
 * grade. The first compiler's code parses the few responses of a scripted run just as well.
 *
 * `--no-opt`: no JavaScript function runs long enough in a grade's short-lived processes for V8's
 * optimizing compilers to pay for itself; left on, they compiled functions in the background that
 * the process ended before using much, about a tenth of a second of CPU per grade (measured by
 * interleaved grades, 11 each). A lab spinning in a loop is slower without them, and is stopped at
 * its CPU time limit just the same.
 *
 * The rest are what those two bring with them on the command line, which a flag set at run time
 * does not: without them Node 24 still optimizes WebAssembly in the background and still runs its
 * second optimizing compiler, Maglev.
 */
const V8_FLAGS = [
  '--liftoff-only',
  '--no-wasm-tier-up',
  '--no-wasm-dynamic-tiering',
  '--no-opt',
  '--no-maglev',
];

// fetch's code (Headers, Request, the HTTP client) is loaded on first use of one of its classes.
void globalThis.Headers;
for (const flag of V8_FLAGS) setFlagsFromString(flag);
