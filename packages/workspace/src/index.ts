export { applySplices } from './text-splice';
export type { TextSplice } from './text-splice';
export { planReplacement } from './plan-replacement';
export type { ReplacementPlan, ReplacementRefusal, ReplacementRequest } from './plan-replacement';
export { replaceExactly } from './replace-exactly';
export type { ReplacementResult } from './replace-exactly';
export { stripLineNumberPrefixes } from './strip-line-number-prefixes';
export { createUnifiedDiff } from './create-unified-diff';
export type { UnifiedDiff } from './create-unified-diff';
export { fingerprintBytes, sameFingerprint } from './file-fingerprint';
export type { FileFingerprint } from './file-fingerprint';
export { fingerprintFile } from './fingerprint-file';
export type { UnreadableFile } from './open-regular-file';
export { readBoundedFile } from './read-bounded-file';
export type { BoundedFile } from './read-bounded-file';
export { createReadLedger } from './read-ledger';
export type { ReadLedger } from './read-ledger';
export { decodeUtf8Text } from './decode-utf8-text';
export type { DecodedText } from './decode-utf8-text';
export { writeFileAtomically } from './write-file-atomically';
export type { WriteFileAtomicallyOptions, WriteOutcome } from './write-file-atomically';
export { editFile } from './edit-file';
export type { EditFileOptions, EditFileResult, EditRefusal } from './edit-file';
export { runCommand } from './run-command';
export type { CommandOutcome, RunCommandOptions, RunCommandResult } from './run-command';
export { BoundedOutput } from './bounded-output';
export { isProcessGroupAlive, signalProcessGroup, stopProcessGroup } from './process-group';
export type { GroupStop } from './process-group';
export {
  DEFAULT_COMMAND_TIMEOUT_MS,
  DIFF_CONTEXT_LINES,
  GROUP_POLL_MS,
  KILL_GRACE_MS,
  KILL_WAIT_MS,
  MAX_COMMAND_OUTPUT_CHARS,
  MAX_COMMAND_TIMEOUT_MS,
  MAX_DIFF_LINE_CHARS,
  MAX_DIFF_LINES,
  MAX_EDITABLE_BYTES,
  MAX_LISTED_MATCHES,
  MAX_REPLACEMENTS,
  OUTPUT_DRAIN_MS,
} from './limits';
