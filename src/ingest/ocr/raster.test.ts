import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decodePng, encodePng } from './png.js';
import { encodePgm, flipVertical, type GreyRaster, rotate, toGrey } from './raster.js';

const FIXTURES = new URL('../../../test/fixtures/parsers/', import.meta.url);

/** 3×2 grey raster with pixel values 1…6, row by row. */
const small: GreyRaster = { width: 3, height: 2, channels: 1, data: Uint8Array.of(1, 2, 3, 4, 5, 6) };

describe('rotate', () => {
  it('turns clockwise by quarter turns', () => {
    expect(rotate(small, 90)).toEqual({
      width: 2,
      height: 3,
      channels: 1,
      data: Uint8Array.of(4, 1, 5, 2, 6, 3),
    });
    expect(rotate(small, 180).data).toEqual(Uint8Array.of(6, 5, 4, 3, 2, 1));
    expect(rotate(small, 270)).toEqual({
      width: 2,
      height: 3,
      channels: 1,
      data: Uint8Array.of(3, 6, 2, 5, 1, 4),
    });
    expect(rotate(small, 0)).toBe(small);
  });

  it('comes back after four turns', () => {
    expect(rotate(rotate(rotate(rotate(small, 90), 90), 90), 90)).toEqual(small);
    expect(rotate(rotate(small, 90), 270)).toEqual(small);
  });
});

describe('flipVertical', () => {
  it('reverses the rows', () => {
    expect(flipVertical(small).data).toEqual(Uint8Array.of(4, 5, 6, 1, 2, 3));
  });
});

describe('toGrey', () => {
  it('weighs RGB by luma and composites alpha over white', () => {
    const rgba = {
      width: 3,
      height: 1,
      channels: 4 as const,
      data: Uint8Array.of(255, 0, 0, 255, 0, 0, 0, 0, 0, 255, 0, 255),
    };
    expect(Array.from(toGrey(rgba).data)).toEqual([76, 255, 150]);
  });
});

describe('encodePgm', () => {
  it('writes a binary PGM header and the pixels', () => {
    const pgm = encodePgm(small);
    expect(Buffer.from(pgm.subarray(0, 11)).toString('latin1')).toBe('P5\n3 2\n255\n');
    expect(pgm.subarray(11)).toEqual(small.data);
  });
});

describe('PNG codec', () => {
  it('round-trips grey, RGB and RGBA rasters', () => {
    for (const channels of [1, 2, 3, 4] as const) {
      const data = Uint8Array.from({ length: 5 * 4 * channels }, (_, i) => (i * 37) & 0xff);
      const raster = { width: 5, height: 4, channels, data };
      expect(decodePng(encodePng(raster))).toEqual(raster);
    }
  });

  it('decodes a PNG written by ImageMagick (filtered rows)', () => {
    const png = decodePng(new Uint8Array(readFileSync(new URL('scan.png', FIXTURES))));
    expect([png.width, png.height, png.channels]).toEqual([640, 150, 1]);
    // white paper, black ink
    expect(png.data[0]).toBe(255);
    expect(Math.min(...png.data)).toBeLessThan(40);
  });

  it('refuses what it does not decode', () => {
    expect(() => decodePng(Uint8Array.of(1, 2, 3))).toThrow(/not a PNG/);
    const png = encodePng(small);
    png[24] = 16; // bit depth 16
    expect(() => decodePng(png)).toThrow(/unsupported PNG/);
  });
});
