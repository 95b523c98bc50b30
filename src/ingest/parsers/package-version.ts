import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

const versions = new Map<string, string>();

/**
 * Installed version of a dependency, for parser fingerprints; `unknown` when it cannot be read
 * (e.g. when bundled). Read once per package: the package's own `package.json`, found by walking up from its entry
 * point, since not every package exports `./package.json`.
 */
export function packageVersion(name: string): string {
  let version = versions.get(name);
  if (version === undefined) {
    version = readVersion(name);
    versions.set(name, version);
  }
  return version;
}

function readVersion(name: string): string {
  try {
    let dir = dirname(require.resolve(name));
    for (let depth = 0; depth < 5; depth++) {
      try {
        const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
          name?: string;
          version?: string;
        };
        if (manifest.name === name && typeof manifest.version === 'string') return manifest.version;
      } catch {
        // no package.json at this level; keep walking up
      }
      dir = dirname(dir);
    }
  } catch {
    // not resolvable from here
  }
  return 'unknown';
}
