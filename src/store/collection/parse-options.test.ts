import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isCairnError } from '../../core/errors.js';
import { parseOptions } from './parse-options.js';

const schema = z.object({
  path: z.string(),
  index: z.union([z.literal(false), z.object({ lists: z.number().int().min(0).default(0) }).strict()]),
});

function refusal(options: unknown): { code: string; message: string } {
  try {
    parseOptions(schema, options);
  } catch (error) {
    if (isCairnError(error)) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('accepted');
}

describe('parseOptions', () => {
  it('fills in defaults', () => {
    expect(parseOptions(schema, { path: 'x', index: {} })).toEqual({ path: 'x', index: { lists: 0 } });
    expect(parseOptions(schema, { path: 'x', index: false })).toEqual({ path: 'x', index: false });
  });

  it('names the setting inside an option of several shapes', () => {
    for (const lists of [1.5, 'x', null, -1]) {
      const { code, message } = refusal({ path: 'x', index: { lists } });
      expect(code).toBe('INVALID_ARGUMENT');
      expect(message).toContain('options.index.lists');
    }
    expect(refusal({ path: 'x', index: { graphUpTo: 5 } }).message).toMatch(/options\.index.*graphUpTo/);
  });

  it('says what each shape expected when the value fits none', () => {
    const { message } = refusal({ path: 'x', index: 'yes' });
    expect(message).toContain('options.index');
    expect(message).toMatch(/expected false.*or.*expected object/);
  });

  it('names a plain option', () => {
    expect(refusal({ path: 3, index: false }).message).toContain('options.path');
  });
});
