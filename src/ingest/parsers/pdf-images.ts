/**
 * The raster images a PDF page paints, found by replaying its operator list's graphics state
 * (save, restore, transform, form XObjects): each image's decoded pixels, the share of the page
 * it covers, and how it is turned on the page. This is what page classification and OCR of
 * scanned pages read; nothing is rendered.
 * @module
 */
import { flipVertical, type GreyRaster, type QuarterTurn, rotate, toGrey } from '../ocr/raster.js';

/** Transform matrix `[a, b, c, d, e, f]`. */
type Matrix = readonly [number, number, number, number, number, number];

/** The parts of a pdf.js page this module uses. */
export interface PdfPageLike {
  getOperatorList(): Promise<{ fnArray: number[]; argsArray: unknown[][] }>;
  getViewport(options: { scale: number }): { width: number; height: number; transform: number[] };
  objs: { get(id: string, callback: (data: unknown) => void): void };
  commonObjs: { get(id: string, callback: (data: unknown) => void): void };
}

/** pdf.js operator codes (`OPS`) used here. */
export interface PdfOps {
  save: number;
  restore: number;
  transform: number;
  paintFormXObjectBegin: number;
  paintFormXObjectEnd: number;
  paintImageXObject: number;
  paintInlineImageXObject: number;
  setTextRenderingMode: number;
  showText: number;
  showSpacedText: number;
  nextLineShowText: number;
  nextLineSetSpacingShowText: number;
}

/** A decoded pdf.js image: `kind` 1 = 1 bit grey (set bit = white), 2 = RGB, 3 = RGBA. */
interface PdfImageData {
  width: number;
  height: number;
  kind?: number;
  data?: Uint8Array | Uint8ClampedArray;
}

/** An image painted on a page. */
export interface PageImagePlacement {
  /** The image upright as it appears on the page, in grey. */
  raster: GreyRaster;
  /** Share of the page area the image covers, 0–1. */
  areaRatio: number;
  /** Area the image covers, in the page's units squared (PDF points², at scale 1). */
  area: number;
  /** Top edge on the page, in viewport units from the top (for reading order). */
  top: number;
}

const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

function multiply(m: Matrix, n: Matrix): Matrix {
  return [
    m[0] * n[0] + m[2] * n[1],
    m[1] * n[0] + m[3] * n[1],
    m[0] * n[2] + m[2] * n[3],
    m[1] * n[2] + m[3] * n[3],
    m[0] * n[4] + m[2] * n[5] + m[4],
    m[1] * n[4] + m[3] * n[5] + m[5],
  ];
}

function isMatrix(value: unknown): value is Matrix {
  return (
    (Array.isArray(value) || ArrayBuffer.isView(value)) &&
    (value as ArrayLike<unknown>).length === 6 &&
    Array.from(value as ArrayLike<unknown>).every((x) => typeof x === 'number' && Number.isFinite(x))
  );
}

/** The decoded image as grey pixels, or undefined for data pdf.js left in another form. */
function toRaster(image: PdfImageData): GreyRaster | undefined {
  const { width, height, kind, data } = image;
  if (!data || !(width > 0) || !(height > 0)) return undefined;
  const bytes =
    data instanceof Uint8Array ? data : new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  if (kind === 1) {
    const stride = Math.ceil(width / 8);
    if (bytes.length < stride * height) return undefined;
    const out = new Uint8Array(width * height);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        out[y * width + x] = bytes[y * stride + (x >> 3)]! & (0x80 >> (x & 7)) ? 255 : 0;
      }
    }
    return { width, height, channels: 1, data: out };
  }
  const channels = kind === 2 ? 3 : kind === 3 ? 4 : bytes.length / (width * height);
  if (channels !== 1 && channels !== 3 && channels !== 4) return undefined;
  if (bytes.length < width * height * channels) return undefined;
  return toGrey({ width, height, channels, data: bytes.subarray(0, width * height * channels) });
}

/**
 * The quarter turn and mirroring that put an image upright as the device matrix `m` paints it.
 * Image space is the unit square with the image's first row at v = 1; device space has y down.
 */
function orientation(m: Matrix): { turn: QuarterTurn; mirrored: boolean } {
  // Direction of the image's rows (+u) and of its columns going down (-v), in device space.
  const across = [m[0], m[1]] as const;
  const down = [-m[2], -m[3]] as const;
  const angle = Math.round(Math.atan2(across[1], across[0]) / (Math.PI / 2));
  const turn = ((((angle % 4) + 4) % 4) * 90) as QuarterTurn;
  const mirrored = across[0] * down[1] - across[1] * down[0] < 0;
  return { turn, mirrored };
}

function objectData(page: PdfPageLike, id: string): Promise<unknown> {
  const store = id.startsWith('g_') ? page.commonObjs : page.objs;
  return new Promise((resolve) => {
    try {
      store.get(id, resolve);
    } catch {
      resolve(undefined);
    }
  });
}

/**
 * The images a page paints (image masks and patterns aside), each upright and in grey, with the
 * share of the page it covers. Images smaller than `minPixels` on a side are left out: they
 * cannot hold legible text.
 */
export async function pageImages(
  page: PdfPageLike,
  ops: PdfOps,
  options: { minPixels?: number } = {},
): Promise<PageImagePlacement[]> {
  const minPixels = options.minPixels ?? 16;
  const viewport = page.getViewport({ scale: 1 });
  const pageArea = Math.abs(viewport.width * viewport.height) || 1;
  const list = await page.getOperatorList();
  const stack: Matrix[] = [];
  let ctm: Matrix = IDENTITY;
  const found: PageImagePlacement[] = [];
  for (let i = 0; i < list.fnArray.length; i++) {
    const fn = list.fnArray[i];
    const args = list.argsArray[i] ?? [];
    if (fn === ops.save) {
      stack.push(ctm);
    } else if (fn === ops.restore) {
      ctm = stack.pop() ?? IDENTITY;
    } else if (fn === ops.transform) {
      if (isMatrix(args)) ctm = multiply(ctm, args);
    } else if (fn === ops.paintFormXObjectBegin) {
      stack.push(ctm);
      if (isMatrix(args[0])) ctm = multiply(ctm, args[0]);
    } else if (fn === ops.paintFormXObjectEnd) {
      ctm = stack.pop() ?? IDENTITY;
    } else if (fn === ops.paintImageXObject || fn === ops.paintInlineImageXObject) {
      const image = (
        fn === ops.paintImageXObject && typeof args[0] === 'string'
          ? await objectData(page, args[0])
          : args[0]
      ) as PdfImageData | undefined;
      if (!image || !(image.width >= minPixels) || !(image.height >= minPixels)) continue;
      const device = multiply(isMatrix(viewport.transform) ? viewport.transform : IDENTITY, ctm);
      const area = Math.abs(ctm[0] * ctm[3] - ctm[1] * ctm[2]);
      const areaRatio = Math.min(1, area / pageArea);
      const raster = toRaster(image);
      if (!raster) continue;
      const { turn, mirrored } = orientation(device);
      const upright = rotate(mirrored ? flipVertical(raster) : raster, turn);
      const corners = [
        [0, 0],
        [1, 0],
        [0, 1],
        [1, 1],
      ].map(([u, v]) => device[1] * u! + device[3] * v! + device[5]);
      found.push({ raster: upright, areaRatio, area, top: Math.min(...corners) });
    }
  }
  return found;
}

/** Text rendering modes that paint nothing (3: invisible, 7: clip only). */
const INVISIBLE_MODES = new Set([3, 7]);

/**
 * True when the page paints one image over at least `minAreaRatio` of it and no visible text
 * after it: whatever text layer the page has is either invisible (rendering mode 3 or 7, as a
 * scanner's OCR layer is written) or painted beneath the image, so the words a reader sees are
 * the image's. Replays the operator list without decoding any image.
 */
export async function textHiddenByPageImage(
  page: PdfPageLike,
  ops: PdfOps,
  minAreaRatio: number,
): Promise<boolean> {
  const viewport = page.getViewport({ scale: 1 });
  const pageArea = Math.abs(viewport.width * viewport.height) || 1;
  const list = await page.getOperatorList();
  const stack: Array<{ ctm: Matrix; mode: number }> = [];
  let ctm: Matrix = IDENTITY;
  let mode = 0;
  let covered = false;
  const showsText = new Set([
    ops.showText,
    ops.showSpacedText,
    ops.nextLineShowText,
    ops.nextLineSetSpacingShowText,
  ]);
  for (let i = 0; i < list.fnArray.length; i++) {
    const fn = list.fnArray[i];
    const args = list.argsArray[i] ?? [];
    if (fn === ops.save) {
      stack.push({ ctm, mode });
    } else if (fn === ops.restore) {
      ({ ctm, mode } = stack.pop() ?? { ctm: IDENTITY, mode: 0 });
    } else if (fn === ops.transform) {
      if (isMatrix(args)) ctm = multiply(ctm, args);
    } else if (fn === ops.paintFormXObjectBegin) {
      stack.push({ ctm, mode });
      if (isMatrix(args[0])) ctm = multiply(ctm, args[0]);
    } else if (fn === ops.paintFormXObjectEnd) {
      ({ ctm, mode } = stack.pop() ?? { ctm: IDENTITY, mode: 0 });
    } else if (fn === ops.setTextRenderingMode) {
      if (typeof args[0] === 'number') mode = args[0];
    } else if (fn === ops.paintImageXObject || fn === ops.paintInlineImageXObject) {
      if (Math.abs(ctm[0] * ctm[3] - ctm[1] * ctm[2]) / pageArea >= minAreaRatio) covered = true;
    } else if (fn !== undefined && showsText.has(fn) && covered && !INVISIBLE_MODES.has(mode)) {
      return false;
    }
  }
  return covered;
}
