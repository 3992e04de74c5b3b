/**
 * Variables of the grader's environment that no process running student code receives: the model
 * key and endpoint of whoever grades (a lab could send the key anywhere it likes), and settings that
 * would change how a lab runs (a real model, a self-test, a recording, colours).
 */
export const WITHHELD_VARIABLES = [
  'OPENAI_API_KEY',
  'OPENAI_BASE_URL',
  'MODEL',
  'SELFTEST',
  'FORCE_COLOR',
  'REPLAY',
  'RECORD',
] as const;

/** The environment of a process that runs student code: the grader's, less WITHHELD_VARIABLES, plus `settings`. */
export function labEnvironment(settings: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of WITHHELD_VARIABLES) delete env[name];
  return { ...env, ...settings };
}
