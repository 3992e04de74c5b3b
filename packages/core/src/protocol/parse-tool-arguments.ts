/** The arguments parsed as JSON, or a sentence saying why they could not be. */
export type ParsedArguments = { ok: true; value: unknown } | { ok: false; error: string };

/**
 * Parses a call's joined argument text. Models send '' for a call without arguments, which counts
 * as `{}`. A parse error is fed back to the model, so it says what broke and where.
 */
export function parseToolArguments({
  name,
  args,
}: {
  name: string;
  args: string;
}): ParsedArguments {
  if (args.trim() === '') return { ok: true, value: {} };
  try {
    return { ok: true, value: JSON.parse(args) };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return {
      ok: false,
      error:
        `the arguments for ${name} are not valid JSON (${reason}). ` +
        `Send one complete JSON object, e.g. {"path":"src/index.js"}.`,
    };
  }
}
