// One small command-line flag parser shared by every script, so all commands accept
// `--flag value` and `--flag=value` alike and reject typos with the same clear message
// instead of silently ignoring them.
import { parseArgs as nodeParseArgs } from 'node:util';
import { InputError } from './errors.ts';

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

const flagList = (spec: FlagSpecs): string =>
  Object.keys(spec)
    .map((k) => `--${k}`)
    .join(', ');

/**
 * Parses argv (without node and the script path). Unknown flags, missing values and
 * stray positionals throw InputError naming the flag and listing the accepted ones.
 */
export function parseArgs<S extends FlagSpecs>(
  argv: readonly string[],
  spec: S,
  opts: { allowPositionals?: boolean } = {},
): { values: FlagValues<S>; positionals: string[] } {
  const options: Record<string, { type: 'string' | 'boolean'; short?: string }> = {};
  for (const [name, s] of Object.entries(spec))
    options[name] = s.short ? { type: s.type, short: s.short } : { type: s.type };
  let parsed: ReturnType<typeof nodeParseArgs>;
  try {
    parsed = nodeParseArgs({
      args: [...argv],
      options,
      strict: true,
      allowPositionals: opts.allowPositionals ?? false,
    });
  } catch (err) {
    const e = err as Error & { code?: string };
    const known = `accepted flags: ${flagList(spec) || '(none)'}`;
    switch (e.code) {
      case 'ERR_PARSE_ARGS_UNKNOWN_OPTION': {
        const flag = /'([^']+)'/.exec(e.message)?.[1] ?? e.message;
        throw new InputError(`unknown flag ${flag}; ${known}`);
      }
      case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE': {
        const flag = /'(-[^' ]+)/.exec(e.message)?.[1] ?? '';
        if (/does not take an argument/.test(e.message)) throw new InputError(`flag ${flag} takes no value`);
        if (/ambiguous/.test(e.message))
          throw new InputError(`flag ${flag} needs a value (write ${flag}=VALUE for a value starting with a dash)`);
        throw new InputError(`flag ${flag} needs a value`);
      }
      case 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL': {
        const arg = /'([^']+)'/.exec(e.message)?.[1] ?? '';
        throw new InputError(`unexpected argument "${arg}"; ${known}`);
      }
      default:
        throw new InputError(e.message);
    }
  }
  // A value flag repeated, or a boolean flag given `=value`, surfaces here as a type mismatch.
  const values = parsed.values as Record<string, unknown>;
  for (const [name, v] of Object.entries(values)) {
    const want = spec[name]!.type;
    if (want === 'string' && typeof v !== 'string') throw new InputError(`flag --${name} needs a value`);
    if (want === 'boolean' && typeof v !== 'boolean') throw new InputError(`flag --${name} takes no value`);
  }
  // A plain object (node:util returns a null-prototype one), so callers can spread and compare it.
  return { values: { ...values } as FlagValues<S>, positionals: parsed.positionals };
}

/** Parses an integer flag value within bounds; throws InputError naming the flag. */
export function intFlag(
  value: string | undefined,
  name: string,
  bounds: { min: number; max: number },
  fallback: number,
): number {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value.trim())) throw new InputError(`flag --${name} must be a whole number, got "${value}"`);
  const n = Number(value);
  if (n < bounds.min || n > bounds.max)
    throw new InputError(`flag --${name} must be between ${bounds.min} and ${bounds.max}, got ${n}`);
  return n;
}

/** Ports a command may listen on; 0 asks the system for a free one. */
export const PORT_BOUNDS = { min: 0, max: 65535 } as const;

/**
 * A port from a flag (`source` '--port') or an environment variable (`source` 'PORT'), with the
 * same rule for every command; throws InputError naming the flag or the variable.
 */
export function parsePort(raw: string | undefined, source: string, fallback: number): number {
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = raw.trim();
  const rule = `must be a whole number from ${PORT_BOUNDS.min} to ${PORT_BOUNDS.max}, got ${JSON.stringify(raw)}`;
  const valid = /^\d{1,5}$/.test(value) && Number(value) <= PORT_BOUNDS.max;
  if (source.startsWith('--')) {
    if (!valid) throw new InputError(`flag ${source} ${rule}`);
  } else if (!valid) {
    throw new InputError(rule, source);
  }
  return Number(value);
}

/** A usage block listing every flag with its placeholder and description. */
export function usage(command: string, spec: FlagSpecs): string {
  const rows = Object.entries(spec).map(([name, s]) => {
    const left = `  --${name}${s.type === 'string' ? ` ${s.value ?? 'VALUE'}` : ''}${s.short ? `, -${s.short}` : ''}`;
    return `${left.padEnd(28)}${s.description ?? ''}`;
  });
  return [`usage: ${command}`, ...rows].join('\n');
}
