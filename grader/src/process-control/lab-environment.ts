/**
 * What a process running student code keeps of the grader's environment: what programs need in
 * order to run (where commands are, home, language, time zone, terminal). Nothing else: not the model key and endpoint of whoever
 * grades, not a CI's tokens, not the kit's own settings (MOCK, STREAM, SELFTEST, ...), which the
 * grader sets itself where a run needs them.
 */
export const KEPT_VARIABLES = ['PATH', 'HOME', 'LANG', 'LANGUAGE', 'TZ', 'TERM'] as const;

/**
 * The environment of a process that runs student code: KEPT_VARIABLES and `LC_*` of the grader's,
 * plus `settings`.
 */
export function labEnvironment(settings: Record<string, string>): NodeJS.ProcessEnv {
  const kept = new Set<string>(KEPT_VARIABLES);
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (kept.has(name) || name.startsWith('LC_')) env[name] = value;
  }
  return { ...env, ...settings };
}
