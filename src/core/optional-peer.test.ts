import { describe, expect, it } from 'vitest';
import { isCairnError } from './errors.js';
import { loadOptionalPeer } from './optional-peer.js';

describe('loadOptionalPeer', () => {
  it('returns the module when the package is installed', async () => {
    const picomatch = await loadOptionalPeer('picomatch', 'globs', () => import('picomatch'));
    expect(typeof picomatch.default).toBe('function');
  });

  it('names a package that is not installed, as a configuration error', async () => {
    const name = 'cairn-test-no-such-package';
    const error = await loadOptionalPeer(name, 'the test feature', () => import(name)).catch((e) => e);
    expect(isCairnError(error) && error.code).toBe('CONFIG_ERROR');
    expect(error).toMatchObject({ name: 'MissingDependencyError', packageName: name });
    expect(error.message).toBe(
      `the test feature needs the optional package ${name}: run npm install ${name}`,
    );
  });

  it('says that an installed package failed to load, with the loader’s reason', async () => {
    const error = await loadOptionalPeer('picomatch', 'globs', async () => {
      throw new Error('invalid ELF header');
    }).catch((e) => e);
    expect(isCairnError(error) && error.code).toBe('CONFIG_ERROR');
    expect(error.message).toBe(
      'globs needs picomatch, which is installed but failed to load: invalid ELF header',
    );
  });
});
