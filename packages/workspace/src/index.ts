export { applySplices } from './text-splice';
export type { TextSplice } from './text-splice';
export { stripLineNumberPrefixes } from './strip-line-number-prefixes';
export { linesIgnoringWhitespace } from './lines-ignoring-whitespace';
export { createLineNumberAt } from './line-number-at';
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
export { createFile } from './create-file';
export type { CreateFileOptions, CreateFileResult, CreateRefusal } from './create-file';
export { readFileToEdit } from './read-file-to-edit';
export type { FileToEdit } from './read-file-to-edit';
export { findOccurrences } from './find-occurrences';
export { spliceEdit } from './splice-edit';
export type { SplicedEdit } from './splice-edit';
export { prepareCommand } from './prepare-command';
export type { CommandPreparation, PreparedCommand } from './prepare-command';
export {
  PASS_ENV_VARIABLE,
  commandEnvironment,
  isCredential,
  namesToPass,
} from './command-environment';
export type { CommandEnvironment } from './command-environment';
export { ISOLATE_VARIABLE, commandIsolation } from './command-isolation';
export { describeCommandReach } from './describe-command-reach';
export type { CommandIsolation } from './command-isolation';
export { BoundedOutput } from './bounded-output';
export {
  isLiveState,
  isProcessGroupAlive,
  parseProcStat,
  readProcessGroupStats,
} from './process-group';
export type { ProcessStat } from './process-group';
export { findEscapedProcesses } from './find-escaped-processes';
export { stopGroupOnExit } from './stop-group-on-exit';
export { stopStrayProcesses } from './stray-processes';
export type { StrayProcess } from './stray-processes';
export { waitUntil } from './wait-until';
export {
  DEFAULT_COMMAND_TIMEOUT_MS,
  DIFF_CONTEXT_LINES,
  GROUP_POLL_MS,
  KILL_GRACE_MS,
  KILL_WAIT_MS,
  MAX_COMMAND_BYTES,
  MAX_COMMAND_OUTPUT_CHARS,
  MAX_COMMAND_TIMEOUT_MS,
  MAX_DIFF_LINE_CHARS,
  MAX_DIFF_LINES,
  MAX_EDITABLE_BYTES,
  MAX_LISTED_MATCHES,
  MAX_REPLACEMENTS,
  OUTPUT_DRAIN_MS,
} from './limits';
export type { WorkspaceAnswer } from './workspace-answer';
export { globWorkspace } from './glob/glob-workspace';
export type { GlobWorkspaceOptions } from './glob/glob-workspace';
export { grepWorkspace } from './grep/grep-workspace';
export type { GrepWorkspaceOptions } from './grep/grep-workspace';
export { readWorkspaceFile } from './read/read-workspace-file';
export type {
  FileRead,
  FileReadAnswer,
  ReadWorkspaceFileOptions,
} from './read/read-workspace-file';
export { resolveInsideWorkspace } from './boundary/resolve-inside-workspace';
export type { WorkspacePath } from './boundary/resolve-inside-workspace';
export { checkPatternInside } from './boundary/check-pattern-inside';
export { checkOutsideGitFolder } from './boundary/check-outside-git-folder';
export type { CheckOutsideGitFolderOptions } from './boundary/check-outside-git-folder';
export type { PatternCheck } from './boundary/check-pattern-inside';
export { listFiles, SKIPPED_FOLDERS_TEXT } from './glob/list-files';
export type { WorkspaceWalk } from './glob/walk-workspace';
export { compileGrepPattern } from './grep/compile-grep-pattern';
export type { GrepPattern } from './grep/compile-grep-pattern';
export { displayPath } from './wording/display-path';
export { writeOutControlCharacters } from './wording/write-out-control-characters';
export { writtenOutEscapeHint } from './wording/written-out-escape-hint';
export {
  BINARY_SNIFF_BYTES,
  DEFAULT_GLOB_LIMIT,
  DEFAULT_GREP_LIMIT,
  DEFAULT_READ_LINES,
  GREP_FILE_TIME_LIMIT_MS,
  GREP_MAX_BATCH_CHARS,
  GREP_SEARCH_TIME_LIMIT_MS,
  MAX_COUNTED_BYTES,
  MAX_GLOB_ALTERNATIVES,
  MAX_GLOB_LIMIT,
  MAX_GLOB_PATTERN_CHARS,
  MAX_GLOB_STARS,
  MAX_GREP_FILE_BYTES,
  MAX_GREP_LIMIT,
  MAX_GREP_LINE_CHARS,
  MAX_GREP_PATTERN_CHARS,
  MAX_LINE_CHARS,
  MAX_READ_LINES,
  MAX_READ_SCAN_BYTES,
  MAX_WALKED_ENTRIES,
  SKIPPED_FOLDERS,
} from './limits';
