/**
 * `npm ci` refuses a lock file that lacks an entry for any dependency of a locked package,
 * optional platform packages included ("Missing: chromadb-js-bindings-darwin-arm64@ from lock
 * file"). An `npm install` run against a registry that serves only this platform's binaries
 * writes such a lock file without complaint, and CI then fails in two seconds. These checks read
 * the lock file the way npm's validation does: every dependency a locked package declares must
 * resolve, through Node's lookup from that package's folder upwards, to a locked entry.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

interface LockedPackage {
  version?: string;
  dev?: boolean;
  optional?: boolean;
  link?: boolean;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}

const root = path.resolve(import.meta.dirname, '..');
const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
  lockfileVersion: number;
  packages: Record<string, LockedPackage>;
};
const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as LockedPackage & {
  name: string;
};

/** Resolve `name` from the package at `from` the way Node and npm do: nearest node_modules up. */
function resolveLocked(from: string, name: string): string | undefined {
  let dir = from;
  for (;;) {
    const candidate = dir === '' ? `node_modules/${name}` : `${dir}/node_modules/${name}`;
    if (lock.packages[candidate]) return candidate;
    if (dir === '') return undefined;
    const at = dir.lastIndexOf('/node_modules/');
    dir = at === -1 ? '' : dir.slice(0, at);
  }
}

function missingDependencies(): string[] {
  const missing: string[] = [];
  for (const [location, entry] of Object.entries(lock.packages)) {
    if (entry.link) continue;
    const declared = {
      ...entry.dependencies,
      ...entry.optionalDependencies,
      ...(location === '' ? entry.devDependencies : {}),
    };
    for (const name of Object.keys(declared)) {
      if (!resolveLocked(location, name)) missing.push(`${location || '(root)'} → ${name}`);
    }
  }
  return missing;
}

describe('package-lock.json', () => {
  it('is a version 3 lock file whose root matches package.json', () => {
    expect(lock.lockfileVersion).toBe(3);
    const lockedRoot = lock.packages[''];
    expect(lockedRoot?.dependencies ?? {}).toEqual(manifest.dependencies ?? {});
    expect(lockedRoot?.devDependencies ?? {}).toEqual(manifest.devDependencies ?? {});
    expect(lockedRoot?.optionalDependencies ?? {}).toEqual(manifest.optionalDependencies ?? {});
    expect(lockedRoot?.peerDependencies ?? {}).toEqual(manifest.peerDependencies ?? {});
  });

  it('locks every dependency of every locked package, other platforms’ optional binaries included', () => {
    const optionalDeclared = Object.values(lock.packages).flatMap((entry) =>
      Object.keys(entry.optionalDependencies ?? {}),
    );
    expect(optionalDeclared.length).toBeGreaterThan(0);
    expect(missingDependencies()).toEqual([]);
  });
});
