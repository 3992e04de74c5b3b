/**
 * Variables a command never sees: the credentials the agent was given to reach its model. The
 * person gave them to the agent, not to the repository's code; a test suite, a postinstall
 * script or a command a file talked the model into could otherwise print the key into the
 * conversation or send it anywhere. Every other variable passes, as it would in a terminal:
 * the repository's own tests may need them.
 */
export const WITHHELD_VARIABLES = ['OPENAI_API_KEY'] as const;

/** The environment a command runs with: this process's, without WITHHELD_VARIABLES. */
export function commandEnvironment(
  environment: NodeJS.ProcessEnv = process.env,
): NodeJS.ProcessEnv {
  const withheld = new Set<string>(WITHHELD_VARIABLES);
  return Object.fromEntries(Object.entries(environment).filter(([name]) => !withheld.has(name)));
}
