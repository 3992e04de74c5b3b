import { commandEnvironment, namesToPass, PASS_ENV_VARIABLE } from './command-environment';
import { commandIsolation } from './command-isolation';

/**
 * One line for the head of a run that may run commands, saying what they can reach: whether they
 * run isolated, which variables they are not given, and which the person passed on purpose.
 */
export async function describeCommandReach(
  environment: NodeJS.ProcessEnv = process.env,
): Promise<string> {
  const isolation = await commandIsolation(environment);
  const { withheld, passed } = commandEnvironment(environment);
  const unset = namesToPass(environment).filter((name) => environment[name] === undefined);
  return [
    isolation.isolated
      ? 'commands run isolated: they see only their own processes, and nothing they start outlives them'
      : `commands are not isolated (${isolation.reason}): they can read whatever you can`,
    withheld.length > 0
      ? `kept from their environment: ${withheld.join(', ')} (${PASS_ENV_VARIABLE}=NAME passes one)`
      : 'no credential in the environment to keep from them',
    ...(passed.length > 0
      ? [`passed on purpose (${PASS_ENV_VARIABLE}): ${passed.join(', ')}`]
      : []),
    ...(unset.length > 0 ? [`${PASS_ENV_VARIABLE} names ${unset.join(', ')}, not set`] : []),
  ].join('; ');
}
