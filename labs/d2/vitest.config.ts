import { dayTestConfig } from '../../vitest.shared.ts';

export default dayTestConfig;
