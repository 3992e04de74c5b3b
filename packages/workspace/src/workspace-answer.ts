/**
 * What a read-only engine answers: the text the model is shown, or one sentence saying what was
 * wrong and what to do instead. Engines return this rather than throwing, so a tool's `run` only
 * hands it on.
 */
export type WorkspaceAnswer = { ok: true; text: string } | { ok: false; error: string };
