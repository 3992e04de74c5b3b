export { placeholder } from './placeholder';
