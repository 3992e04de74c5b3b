import { describe, expect, it } from 'vitest';
import { commandEnvironment, isCredential } from './command-environment';

const keys = {
  openAi: `sk-proj-${'a1B2'.repeat(12)}`,
  github: `ghp_${'A1b2'.repeat(9)}`,
  npm: `npm_${'x9Y8'.repeat(9)}`,
  awsId: 'AKIAABCDEFGHIJKLMNOP',
};

describe('commandEnvironment', () => {
  it('withholds credentials by the words in their names, in any case and spelling', () => {
    for (const name of [
      'OPENAI_API_KEY',
      'ANTHROPIC_API_KEY',
      'GITHUB_TOKEN',
      'GH_TOKEN',
      'NPM_CONFIG__AUTHTOKEN',
      'npm_config__authToken',
      'AWS_SECRET_ACCESS_KEY',
      'AWS_ACCESS_KEY_ID',
      'PGPASSWORD',
      'MYSQL_PWD_PASSWD',
      'GPG_PASSPHRASE',
      'GOOGLE_APPLICATION_CREDENTIALS',
      'SSH_AUTH_SOCK',
      'SMTP_PASS',
      'session.cookie',
      'client-secret',
    ])
      expect({ name, withheld: isCredential({ name, value: 'x' }) }).toEqual({
        name,
        withheld: true,
      });
  });

  it('withholds personal access tokens, MySQL-style _PWD, JWTs and names in the plural', () => {
    for (const name of [
      'GH_PAT',
      'GITLAB_PAT',
      'MYSQL_PWD',
      'DB_PWD',
      'API_KEYS',
      'APP_SECRETS',
      'SESSION_COOKIES',
      'CI_JOB_JWT',
    ])
      expect({ name, withheld: isCredential({ name, value: 'x' }) }).toEqual({
        name,
        withheld: true,
      });
  });

  it('withholds a credential inside a value that is not a URL with a password', () => {
    for (const value of [
      'host=db user=app password=hunter2',
      'postgres://db.example/app?user=app&password=hunter2',
      '-Djavax.net.ssl.trustStorePassword=hunter2',
      '--api-key=abc123',
      'Authorization=Basic dXNlcjpodW50ZXIyMjI=',
      'AUTHORIZATION: basic eC1hY2Nlc3MtdG9rZW46Z2hz',
      `AIza${'Sy_a1B2c3'.repeat(4)}abc`,
      `sk_live_${'a1B2'.repeat(6)}`,
      `hf_${'a1B2'.repeat(8)}cd`,
      'ASIAABCDEFGHIJKLMNOP',
      'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl',
    ])
      expect({ value, withheld: isCredential({ name: 'SETTING', value }) }).toEqual({
        value,
        withheld: true,
      });
  });

  it('withholds a credential by its value, whatever the variable is called', () => {
    for (const value of [
      'https://person:hunter2@models.example/v1',
      'postgres://app:pw@localhost:5432/test',
      keys.openAi,
      keys.github,
      keys.npm,
      keys.awsId,
      `Bearer ${keys.openAi}`,
      '-----BEGIN OPENSSH PRIVATE KEY-----\nabc\n-----END OPENSSH PRIVATE KEY-----',
    ])
      expect({ value, withheld: isCredential({ name: 'SETTING', value }) }).toEqual({
        value,
        withheld: true,
      });
  });

  it('passes what only looks close: the working folder, an author, paths and URLs without a password', () => {
    for (const [name, value] of [
      ['PATH', '/usr/local/bin:/usr/bin:/bin'],
      ['PWD', '/home/person/repo'],
      ['OLDPWD', '/home/person'],
      ['GIT_AUTHOR_NAME', 'Person'],
      ['TOKENIZERS_PARALLELISM', 'false'],
      ['XKB_KEYMAP', 'us'],
      ['OPENAI_BASE_URL', 'https://models.example/v1'],
      ['MODEL', 'gpt-4o-mini'],
      ['REGISTRY', 'https://person@registry.example/'],
      ['PYTHONPATH', '/opt/sk-learn/lib'],
      ['NOTE', 'npm_config_cache is set'],
      ['CHROME_FLAGS', '--password-store=basic'],
      ['MAX_TOKENS', 'max_tokens=100'],
      ['PROMPT', 'enter the password: '],
      ['GREETING', 'basic setup done'],
      ['PATCH_LEVEL', '3'],
    ])
      expect({ name, withheld: isCredential({ name: name!, value: value! }) }).toEqual({
        name,
        withheld: false,
      });
  });

  it('passes a credential the person named in PASS_ENV, and says which were withheld and passed', () => {
    const { env, withheld, passed } = commandEnvironment({
      PATH: '/bin',
      OPENAI_API_KEY: keys.openAi,
      GITHUB_TOKEN: keys.github,
      DATABASE_URL: 'postgres://app:pw@localhost/test',
      PASS_ENV: 'DATABASE_URL, NOT_SET',
    });
    expect(env).toEqual({
      PATH: '/bin',
      DATABASE_URL: 'postgres://app:pw@localhost/test',
      PASS_ENV: 'DATABASE_URL, NOT_SET',
    });
    expect({ withheld, passed }).toEqual({
      withheld: ['OPENAI_API_KEY', 'GITHUB_TOKEN'],
      passed: ['DATABASE_URL'],
    });
  });
});
