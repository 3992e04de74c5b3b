/**
 * A command gets the agent's environment without the credentials in it. The person gave them to
 * the agent, not to the repository's code: a test suite, a postinstall script or a command a file
 * talked the model into could otherwise print a key into the conversation or send it anywhere.
 * Credentials are told by kind, not listed by name, since nobody can list every service's key:
 * by a word in the variable's name, or by the shape of its value. Everything else passes, as it
 * would in a terminal: the repository's own tests may need it. A variable a repository's tests do
 * need, though it looks like a credential, passes when the person names it (PASS_ENV_VARIABLE).
 */

/**
 * Words that make a variable a credential when one part of its name (split at `_`, `-` and `.`,
 * any case) ends with one of them, or with KEYS, SECRETS, PASSWORDS or CREDENTIALS (not TOKENS,
 * which is a count for a language model, as in MAX_TOKENS):
 * OPENAI_API_KEY, GITHUB_TOKEN, NPM_CONFIG__AUTHTOKEN, AWS_SECRET_ACCESS_KEY, PGPASSWORD,
 * GOOGLE_APPLICATION_CREDENTIALS, CI_JOB_JWT.
 */
const CREDENTIAL_NAME_ENDINGS = [
  'KEY',
  'TOKEN',
  'SECRET',
  'PASSWORD',
  'PASSWD',
  'PASSPHRASE',
  'CREDENTIAL',
  'JWT',
];

/**
 * Parts of a name that are a credential only as a whole part: SSH_AUTH_SOCK (a socket that signs
 * with the person's keys), DOCKER_AUTH_CONFIG, SMTP_PASS, SESSION_COOKIES, GH_PAT (a personal
 * access token); not GIT_AUTHOR_NAME, PATH or PATCH_LEVEL.
 */
const CREDENTIAL_NAME_PARTS = ['AUTH', 'PASS', 'COOKIE', 'COOKIES', 'PAT'];

/**
 * A part that is a credential only after another part: MYSQL_PWD, DB_PWD (MySQL's client reads
 * its password from MYSQL_PWD). PWD alone, and OLDPWD, are the shell's working folders.
 */
const CREDENTIAL_NAME_LATER_PARTS = ['PWD'];

/** The endings of CREDENTIAL_NAME_ENDINGS that are credentials in the plural too. */
const PLURAL_ENDINGS = ['KEYS', 'SECRETS', 'PASSWORDS', 'CREDENTIALS'];

/**
 * Values that are credentials whatever the variable is called. Each pattern is linear in the
 * value's length (no unbounded repeat that can backtrack), whatever a variable holds.
 */
const CREDENTIAL_VALUES: RegExp[] = [
  /** `scheme://user:password@host`: a password inside a URL, such as a base URL or a database's. */
  /:\/\/[^\s/@:]*:[^\s/@]+@/,
  /**
   * The shapes services give their keys, each prefix with the length it comes with, so a path
   * or a word that merely starts the same way passes: OpenAI and Anthropic (`sk-`), GitHub,
   * GitLab, Slack, npm, AWS access key ids.
   */
  /\b(?:sk-[\w-]{20}|gh[pousr]_[A-Za-z\d]{36}|github_pat_\w{60}|glpat-[\w-]{20}|xox[abprs]-[\w-]{10}|npm_[A-Za-z\d]{36}|A(?:KI|SI)A[\dA-Z]{16})/,
  /** More of those shapes: Google (`AIza`), Stripe (`sk_live_`), Hugging Face (`hf_`), a JWT. */
  /\b(?:AIza[\w-]{35}|[rs]k_live_[A-Za-z\d]{24}|hf_[A-Za-z\d]{34}|eyJ(?:hbGciOi|0eXAiOi)[\w-]{8})/,
  /**
   * A credential given as `name=value` inside a longer value: a connection string
   * (`host=db password=...`), a URL's query (`?password=...`), a Java property
   * (`-Dtruststore.password=...`), a flag (`--api-key=...`). Only with `=`: `token:` is in paths
   * (PATH=/opt/token:/bin), and `password-store=basic` or `max_tokens=100` are settings.
   */
  /(?:password|passwd|passphrase|secret|token|api[-_]?key|pwd)\s?=\s?[^\s&;,'"]/i,
  /** An HTTP authorization header's value (OTEL_EXPORTER_OTLP_HEADERS, a git extraheader). */
  /\b(?:bearer|basic)\s[A-Za-z\d+/=._~-]{16}/i,
  /** A private key's armour (an SSH or TLS key pasted into a variable). */
  /-----BEGIN [A-Z ]*PRIVATE KEY-----/,
];

/**
 * The variable that names the variables to pass although they look like credentials, separated
 * by commas or spaces: `PASS_ENV=DATABASE_URL pnpm start ...`.
 */
export const PASS_ENV_VARIABLE = 'PASS_ENV';

/** Whether a variable, by its name or its value, holds a credential. */
export function isCredential({ name, value }: { name: string; value: string }): boolean {
  const parts = name.toUpperCase().split(/[_.-]+/);
  return (
    parts.some(
      (part, index) =>
        CREDENTIAL_NAME_PARTS.includes(part) ||
        (index > 0 && CREDENTIAL_NAME_LATER_PARTS.includes(part)) ||
        [...CREDENTIAL_NAME_ENDINGS, ...PLURAL_ENDINGS].some((ending) => part.endsWith(ending)),
    ) || CREDENTIAL_VALUES.some((pattern) => pattern.test(value))
  );
}

/** What a command's environment holds of the agent's, and what it was not given. */
export interface CommandEnvironment {
  env: NodeJS.ProcessEnv;
  /** The names of the variables withheld, in the environment's order. */
  withheld: string[];
  /** The names the person asked to pass that were passed (they were set). */
  passed: string[];
}

/** The names in PASS_ENV_VARIABLE's value. */
export function namesToPass(environment: NodeJS.ProcessEnv = process.env): string[] {
  return (environment[PASS_ENV_VARIABLE] ?? '').split(/[\s,]+/).filter((name) => name !== '');
}

/** The environment a command runs with: `environment` (this process's) without its credentials. */
export function commandEnvironment(
  environment: NodeJS.ProcessEnv = process.env,
): CommandEnvironment {
  const toPass = new Set(namesToPass(environment));
  const env: NodeJS.ProcessEnv = {};
  const withheld: string[] = [];
  const passed: string[] = [];
  for (const [name, value = ''] of Object.entries(environment)) {
    // PASS_ENV's own name has PASS in it; it names variables, and holds no credential.
    if (name === PASS_ENV_VARIABLE || !isCredential({ name, value })) env[name] = value;
    else if (toPass.has(name)) {
      env[name] = value;
      passed.push(name);
    } else withheld.push(name);
  }
  return { env, withheld, passed };
}
