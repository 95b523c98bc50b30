/**
 * What pdf.js needs from the runtime that Node 20 lacks.
 * @module
 */

/**
 * Adds `ArrayBuffer.prototype.transferToFixedLength` (ES2024; Node >= 21) when the runtime has
 * none. pdf.js calls it whenever it builds a page's operator list past a font; without it the
 * list silently ends at the first text, so images painted after text (a scan with a footer, a
 * page-filling image over its text layer) are never seen. This version copies instead of
 * detaching, which pdf.js does not rely on. Idempotent.
 */
export function ensurePdfRuntime(): void {
  const proto = ArrayBuffer.prototype as ArrayBuffer & { transferToFixedLength?: unknown };
  if (typeof proto.transferToFixedLength === 'function') return;
  Object.defineProperty(ArrayBuffer.prototype, 'transferToFixedLength', {
    configurable: true,
    writable: true,
    value: function transferToFixedLength(this: ArrayBuffer, length?: number): ArrayBuffer {
      const size = length === undefined ? this.byteLength : length;
      const copy = new ArrayBuffer(size);
      new Uint8Array(copy).set(new Uint8Array(this, 0, Math.min(size, this.byteLength)));
      return copy;
    },
  });
}
