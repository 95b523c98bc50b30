/**
 * Sizes on the command line: `256MB`, `1.5GiB`, `500k`, or a number of bytes. Decimal and binary
 * units both mean powers of 1024 (as `du` and most people read them); `B` is optional.
 * @module
 */
import { InvalidArgumentError as CommanderArgumentError } from 'commander';

const UNITS: Record<string, number> = { '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3, t: 1024 ** 4 };

/** Parses a size option into bytes, or throws commander's error naming `name` (exit 2). */
export function byteSize(name: string) {
  return (value: string): number => {
    const match = /^\s*(\d+(?:\.\d+)?)\s*([kmgt]?)(?:i?b)?\s*$/i.exec(value);
    const bytes = match ? Math.floor(Number(match[1]) * UNITS[match[2]!.toLowerCase()]!) : Number.NaN;
    if (!(bytes > 0)) {
      throw new CommanderArgumentError(`${name} must be a size such as 256MB, 1GiB or 500k, got "${value}"`);
    }
    return bytes;
  };
}

/** Parses a positive number of seconds into milliseconds, or throws commander's error naming `name`. */
export function secondsToMs(name: string) {
  return (value: string): number => {
    const seconds = Number(value);
    if (value.trim() === '' || !Number.isFinite(seconds) || seconds <= 0) {
      throw new CommanderArgumentError(`${name} must be a positive number of seconds, got "${value}"`);
    }
    return Math.round(seconds * 1000);
  };
}
