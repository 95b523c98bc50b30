/**
 * Uncompressed 8-bit images in memory, and the few operations OCR needs on them: grey
 * conversion, quarter-turn rotation, vertical flip, and encoding as a binary PGM (which
 * tesseract's Leptonica reads without any codec).
 * @module
 */

/** An 8-bit image, rows top to bottom, pixels interleaved (`channels` bytes each). */
export interface Raster {
  width: number;
  height: number;
  /** 1 grey, 2 grey + alpha, 3 RGB, 4 RGBA. */
  channels: 1 | 2 | 3 | 4;
  data: Uint8Array;
}

/** A one-channel raster. */
export type GreyRaster = Raster & { channels: 1 };

/** Clockwise rotation in degrees. */
export type QuarterTurn = 0 | 90 | 180 | 270;

/**
 * The raster as grey (ITU-R BT.601 luma). Alpha is composited over white, so transparent
 * areas read as paper.
 */
export function toGrey(raster: Raster): GreyRaster {
  if (raster.channels === 1) return raster as GreyRaster;
  const { width, height, channels, data } = raster;
  const out = new Uint8Array(width * height);
  for (let i = 0, p = 0; i < out.length; i++, p += channels) {
    const luma = channels >= 3 ? (data[p]! * 299 + data[p + 1]! * 587 + data[p + 2]! * 114) / 1000 : data[p]!;
    const alpha = channels === 2 ? data[p + 1]! : channels === 4 ? data[p + 3]! : 255;
    out[i] = Math.round((luma * alpha + 255 * (255 - alpha)) / 255);
  }
  return { width, height, channels: 1, data: out };
}

/** The grey raster turned clockwise by `turn` degrees. */
export function rotate(raster: GreyRaster, turn: QuarterTurn): GreyRaster {
  if (turn === 0) return raster;
  const { width, height, data } = raster;
  const out = new Uint8Array(data.length);
  const sideways = turn !== 180;
  const outWidth = sideways ? height : width;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let tx: number;
      let ty: number;
      if (turn === 90) {
        tx = height - 1 - y;
        ty = x;
      } else if (turn === 180) {
        tx = width - 1 - x;
        ty = height - 1 - y;
      } else {
        tx = y;
        ty = width - 1 - x;
      }
      out[ty * outWidth + tx] = data[y * width + x]!;
    }
  }
  return { width: outWidth, height: sideways ? width : height, channels: 1, data: out };
}

/** The grey raster upside down (rows reversed), as a mirrored image placement draws it. */
export function flipVertical(raster: GreyRaster): GreyRaster {
  const { width, height, data } = raster;
  const out = new Uint8Array(data.length);
  for (let y = 0; y < height; y++) {
    out.set(data.subarray(y * width, (y + 1) * width), (height - 1 - y) * width);
  }
  return { width, height, channels: 1, data: out };
}

/** The middle of the grey raster: `share` of its width and of its height, centred. */
export function centre(raster: GreyRaster, share: number): GreyRaster {
  const width = Math.max(1, Math.round(raster.width * share));
  const height = Math.max(1, Math.round(raster.height * share));
  const left = Math.floor((raster.width - width) / 2);
  const top = Math.floor((raster.height - height) / 2);
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const from = (top + y) * raster.width + left;
    out.set(raster.data.subarray(from, from + width), y * width);
  }
  return { width, height, channels: 1, data: out };
}

/** A binary PGM (`P5`) file of the grey raster. */
export function encodePgm(raster: GreyRaster): Uint8Array {
  const header = new TextEncoder().encode(`P5\n${raster.width} ${raster.height}\n255\n`);
  const out = new Uint8Array(header.length + raster.data.length);
  out.set(header);
  out.set(raster.data, header.length);
  return out;
}
