// One small command-line flag parser shared by every script, so all commands accept
// `--flag value` and `--flag=value` alike and reject typos with the same clear message
// instead of silently ignoring them.
import { parseArgs as nodeParseArgs } from 'node:util';

export interface FlagSpec {
  type: 'string' | 'boolean';
  /** One-letter alias, e.g. 'p' for -p. */
  short?: string;
  /** Shown by usage(). */
  description?: string;
  /** Placeholder shown by usage(), e.g. 'DIR'. */
  value?: string;
}

export type FlagSpecs = Record<string, FlagSpec>;

export type FlagValues<S extends FlagSpecs> = {
  [K in keyof S]?: S[K]['type'] extends 'boolean' ? boolean : string;
};

export class ArgsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ArgsError';
  }
}

const flagList = (spec: FlagSpecs): string => Object.keys(spec).map((k) => `--${k}`).join(', ');

/**
 * Parses argv (without node and the script path). Unknown flags, missing values and
 * stray positionals throw ArgsError naming the flag and listing the accepted ones.
 */
export function parseArgs<S extends FlagSpecs>(
  argv: readonly string[],
  spec: S,
  opts: { allowPositionals?: boolean } = {},
): { values: FlagValues<S>; positionals: string[] } {
  const options: Record<string, { type: 'string' | 'boolean'; short?: string }> = {};
  for (const [name, s] of Object.entries(spec)) options[name] = s.short ? { type: s.type, short: s.short } : { type: s.type };
  let parsed: ReturnType<typeof nodeParseArgs>;
  try {
    parsed = nodeParseArgs({ args: [...argv], options, strict: true, allowPositionals: opts.allowPositionals ?? false });
  } catch (err) {
    const e = err as Error & { code?: string };
    const known = `accepted flags: ${flagList(spec) || '(none)'}`;
    switch (e.code) {
      case 'ERR_PARSE_ARGS_UNKNOWN_OPTION': {
        const flag = /'([^']+)'/.exec(e.message)?.[1] ?? e.message;
        throw new ArgsError(`unknown flag ${flag}; ${known}`);
      }
      case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE': {
        const flag = /'(-[^' ]+)/.exec(e.message)?.[1] ?? '';
        if (/does not take an argument/.test(e.message)) throw new ArgsError(`flag ${flag} takes no value`);
        if (/ambiguous/.test(e.message)) throw new ArgsError(`flag ${flag} needs a value (write ${flag}=VALUE for a value starting with a dash)`);
        throw new ArgsError(`flag ${flag} needs a value`);
      }
      case 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL': {
        const arg = /'([^']+)'/.exec(e.message)?.[1] ?? '';
        throw new ArgsError(`unexpected argument "${arg}"; ${known}`);
      }
      default:
        throw new ArgsError(e.message);
    }
  }
  // A value flag repeated, or a boolean flag given `=value`, surfaces here as a type mismatch.
  const values = parsed.values as Record<string, unknown>;
  for (const [name, v] of Object.entries(values)) {
    const want = spec[name]!.type;
    if (want === 'string' && typeof v !== 'string') throw new ArgsError(`flag --${name} needs a value`);
    if (want === 'boolean' && typeof v !== 'boolean') throw new ArgsError(`flag --${name} takes no value`);
  }
  // A plain object (node:util returns a null-prototype one), so callers can spread and compare it.
  return { values: { ...values } as FlagValues<S>, positionals: parsed.positionals };
}

/** Parses an integer flag value within bounds; throws ArgsError naming the flag. */
export function intFlag(value: string | undefined, name: string, bounds: { min: number; max: number }, fallback: number): number {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value.trim())) throw new ArgsError(`flag --${name} must be a whole number, got "${value}"`);
  const n = Number(value);
  if (n < bounds.min || n > bounds.max) throw new ArgsError(`flag --${name} must be between ${bounds.min} and ${bounds.max}, got ${n}`);
  return n;
}

/** A usage block listing every flag with its placeholder and description. */
export function usage(command: string, spec: FlagSpecs): string {
  const rows = Object.entries(spec).map(([name, s]) => {
    const left = `  --${name}${s.type === 'string' ? ` ${s.value ?? 'VALUE'}` : ''}${s.short ? `, -${s.short}` : ''}`;
    return `${left.padEnd(28)}${s.description ?? ''}`;
  });
  return [`usage: ${command}`, ...rows].join('\n');
}
