import { describe, expect, it } from 'vitest';
import { KeyRing, parseApiKeys, roleAllows } from './api-keys.js';

describe('parseApiKeys', () => {
  it('reads key:namespace:role entries, ignoring spaces around them and empty entries', () => {
    expect(parseApiKeys(' aaaaaaaaaaaaaaaa:team-a:read , bbbbbbbbbbbbbbbb:team-b:admin,')).toEqual([
      { key: 'aaaaaaaaaaaaaaaa', namespace: 'team-a', role: 'read' },
      { key: 'bbbbbbbbbbbbbbbb', namespace: 'team-b', role: 'admin' },
    ]);
    expect(parseApiKeys('')).toEqual([]);
  });

  it.each([
    ['aaaaaaaaaaaaaaaa:team-a', /entry 1 must be key:namespace:role/],
    ['aaaaaaaaaaaaaaaa:team-a:owner', /entry 1: role "owner"/],
    ['short:team-a:read', /entry 1: the key must be at least 16 characters/],
    ['aaaaaaaaaaaaaaaa::read', /entry 1: the namespace is empty/],
    ['aaaaaaaaaaaaaaaa:a:read,aaaaaaaaaaaaaaaa:b:write', /entry 2: the key is given twice/],
  ])('refuses %s, naming the entry but never the key', (text, message) => {
    let error: unknown;
    try {
      parseApiKeys(text);
    } catch (caught) {
      error = caught;
    }
    expect(error).toMatchObject({ code: 'CONFIG_ERROR', message: expect.stringMatching(message) });
    expect((error as Error).message).not.toContain('aaaaaaaaaaaaaaaa');
  });
});

describe('KeyRing', () => {
  const ring = new KeyRing(parseApiKeys('aaaaaaaaaaaaaaaa:team-a:read,bbbbbbbbbbbbbbbb:team-b:write'));

  it('finds the principal of a known key, with a label that is not the key', () => {
    const principal = ring.authenticate('bbbbbbbbbbbbbbbb');
    expect(principal).toMatchObject({ namespace: 'team-b', role: 'write' });
    expect(principal!.keyId).toMatch(/^[0-9a-f]{8}$/);
    expect(ring.namespaces).toEqual(['team-a', 'team-b']);
  });

  it('finds nothing for a prefix, an extension or a case change of a key', () => {
    for (const token of ['aaaaaaaaaaaaaaa', 'aaaaaaaaaaaaaaaaa', 'AAAAAAAAAAAAAAAA', '']) {
      expect(ring.authenticate(token), token).toBeUndefined();
    }
  });
});

describe('roleAllows', () => {
  it('orders the roles read < write < admin', () => {
    expect(roleAllows('admin', 'write')).toBe(true);
    expect(roleAllows('write', 'read')).toBe(true);
    expect(roleAllows('write', 'admin')).toBe(false);
    expect(roleAllows('read', 'write')).toBe(false);
  });
});
