import { z } from 'zod';
import { MAX_REPORT_TEXT_CHARS, MAX_TRANSCRIPT_LINES } from './limits';

/**
 * What the check child reports for one check; the grader adds the id and title. The child runs
 * student code, so the grader parses every report with this schema and bounds every field: a
 * report that does not fit is ignored, as if the child had sent nothing.
 */
export const ChildReport = z
  .strictObject({
    /** pass, fail, or error when the check could not finish. */
    status: z.enum(['pass', 'fail', 'error']),
    /** Only for error: why it could not finish. */
    errorKind: z.enum(['timeout', 'crashed']).optional(),
    /** Empty on pass; otherwise expected vs got, or the reason for the error. */
    message: z.string().max(MAX_REPORT_TEXT_CHARS),
    /** Empty on pass; otherwise where to look. */
    hint: z.string().max(MAX_REPORT_TEXT_CHARS),
    /** The scenario's tool calls and results, for --verbose. */
    transcript: z.array(z.string().max(MAX_REPORT_TEXT_CHARS)).max(MAX_TRANSCRIPT_LINES).optional(),
  })
  .refine((report) => (report.status === 'error') === (report.errorKind !== undefined), {
    message: 'errorKind goes with status error, and only with it',
  });
export type ChildReport = z.infer<typeof ChildReport>;
