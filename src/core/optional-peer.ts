/**
 * Loading optional peer dependencies: model runtimes, database drivers, OCR and audio decoders
 * are not installed with cairn; the feature that needs one imports it on first use, and a missing
 * package becomes a {@link MissingDependencyError} that names it.
 * @module
 */
import { ConfigError, MissingDependencyError } from './errors.js';

/** True when `error` says that `packageName` itself (not something inside it) cannot be found. */
function isMissing(error: unknown, packageName: string): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (code !== 'ERR_MODULE_NOT_FOUND' && code !== 'MODULE_NOT_FOUND') return false;
  return typeof message === 'string' && message.includes(`'${packageName}`);
}

/**
 * Runs `load` (an `import()` of `packageName` or of one of its files) and returns the module.
 * @param feature what needs the package, for the message, e.g. `postgres:// stores`.
 * @throws {MissingDependencyError} when the package is not installed.
 * @throws {ConfigError} when it is installed but fails to load (e.g. a native binding for
 * another platform); the message carries the loader's reason.
 */
export async function loadOptionalPeer<T>(
  packageName: string,
  feature: string,
  load: () => Promise<T>,
): Promise<T> {
  try {
    return await load();
  } catch (cause) {
    if (isMissing(cause, packageName)) throw new MissingDependencyError(packageName, feature, { cause });
    throw new ConfigError(
      `${feature} needs ${packageName}, which is installed but failed to load: ${(cause as Error).message}`,
      {
        cause,
      },
    );
  }
}
