/** A tool as the model sees it: no implementation, only what helps it call the tool well. */
export interface ModelTool {
  /** The tool's verb_noun name. */
  name: string;
  /** What the tool is for, an example of its syntax, and its limits. */
  description: string;
  /** The JSON Schema of the arguments object. */
  parameters: Record<string, unknown>;
}
