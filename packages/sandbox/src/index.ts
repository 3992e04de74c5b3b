export { createSandbox } from './create-sandbox';
export type { CreateSandboxOptions, Sandbox } from './create-sandbox';
export { sandboxFiles } from './sandbox-files';
