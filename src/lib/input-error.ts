// The one error type for bad input (a flag, an environment variable, a dataset folder), defined
// here because src/config/public.ts, which reaches the browser, throws it too; core/errors.ts
// re-exports it for the Node side, so every command tells bad input from a failure the same way.

export class InputError extends Error {
  /** The environment variable at fault, when the input came from the environment. */
  readonly variable: string | null;

  constructor(message: string, variable: string | null = null) {
    // Naming the variable first is what lets a person find the line to fix in a long .env file.
    super(variable ? `${variable}: ${message}` : message);
    this.name = 'InputError';
    this.variable = variable;
  }
}
