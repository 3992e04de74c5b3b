// Module hooks for a lab's `pnpm start` when the student has switched earlier days to their own
// (run-on-own-days.ts registers them): each finished package a switched day has, e.g.
// `@agent-course/finished-d3`, resolves to the student's lab instead. Plain JavaScript, since
// hooks load in a thread of their own, before any TypeScript loader could help.

/** Package name → file URL of the student's lab entry. */
let redirects = {};

export function initialize(data) {
  redirects = data.redirects;
}

export async function resolve(specifier, context, nextResolve) {
  const url = redirects[specifier];
  if (url !== undefined) return { url, shortCircuit: true };
  return nextResolve(specifier, context);
}
