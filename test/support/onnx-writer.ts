/**
 * A minimal ONNX writer for tests: encodes the few protobuf messages of `onnx.proto`
 * (https://github.com/onnx/onnx/blob/main/onnx/onnx.proto) that a small inference graph needs —
 * ModelProto, GraphProto, NodeProto, AttributeProto, TensorProto, ValueInfoProto — with the
 * protobuf wire format (varints and length-delimited fields). No weights are downloaded: tests
 * build the models they run.
 */

/** Protobuf wire types. */
const VARINT = 0;
const LENGTH = 2;
const FIXED32 = 5;

/** Appends protobuf fields to a growing byte list. */
class Writer {
  readonly bytes: number[] = [];

  varint(value: number | bigint): this {
    let v = BigInt.asUintN(64, BigInt(value));
    while (v >= 0x80n) {
      this.bytes.push(Number((v & 0x7fn) | 0x80n));
      v >>= 7n;
    }
    this.bytes.push(Number(v));
    return this;
  }

  tag(field: number, wire: number): this {
    return this.varint((field << 3) | wire);
  }

  int(field: number, value: number | bigint): this {
    return this.tag(field, VARINT).varint(value);
  }

  bytesField(field: number, data: Uint8Array | number[]): this {
    this.tag(field, LENGTH).varint(data.length);
    for (const b of data) this.bytes.push(b);
    return this;
  }

  string(field: number, value: string): this {
    return this.bytesField(field, new TextEncoder().encode(value));
  }

  message(field: number, build: (w: Writer) => void): this {
    const inner = new Writer();
    build(inner);
    return this.bytesField(field, inner.bytes);
  }

  float(field: number, value: number): this {
    const buffer = new DataView(new ArrayBuffer(4));
    buffer.setFloat32(0, value, true);
    this.tag(field, FIXED32);
    for (let i = 0; i < 4; i++) this.bytes.push(buffer.getUint8(i));
    return this;
  }
}

/** ONNX tensor element types used here. */
export const ONNX_FLOAT = 1;
export const ONNX_INT64 = 7;

/** A constant tensor (initializer). */
export interface OnnxTensor {
  name: string;
  dataType: typeof ONNX_FLOAT | typeof ONNX_INT64;
  dims: readonly number[];
  values: readonly number[];
}

/** A graph input or output: a name, an element type and a shape of sizes or symbolic names. */
export interface OnnxValue {
  name: string;
  elemType: typeof ONNX_FLOAT | typeof ONNX_INT64;
  shape: ReadonlyArray<number | string>;
}

/** One operator node; attributes are ints, int lists or floats. */
export interface OnnxNode {
  opType: string;
  inputs: string[];
  outputs: string[];
  attributes?: Record<string, number | number[]>;
}

/** A whole model: one graph at one default-domain opset. */
export interface OnnxModel {
  opset: number;
  nodes: readonly OnnxNode[];
  initializers: readonly OnnxTensor[];
  inputs: readonly OnnxValue[];
  outputs: readonly OnnxValue[];
}

function tensor(w: Writer, t: OnnxTensor): void {
  for (const d of t.dims) w.int(1, d);
  w.int(2, t.dataType);
  w.string(8, t.name);
  const raw = new DataView(new ArrayBuffer(t.values.length * (t.dataType === ONNX_FLOAT ? 4 : 8)));
  t.values.forEach((v, i) => {
    if (t.dataType === ONNX_FLOAT) raw.setFloat32(i * 4, v, true);
    else raw.setBigInt64(i * 8, BigInt(v), true);
  });
  w.bytesField(9, new Uint8Array(raw.buffer));
}

function valueInfo(w: Writer, v: OnnxValue): void {
  w.string(1, v.name);
  w.message(2, (type) =>
    type.message(1, (tensorType) => {
      tensorType.int(1, v.elemType);
      tensorType.message(2, (shape) => {
        for (const dim of v.shape) {
          shape.message(1, (d) => (typeof dim === 'number' ? d.int(1, dim) : d.string(2, dim)));
        }
      });
    }),
  );
}

function node(w: Writer, n: OnnxNode, index: number): void {
  for (const input of n.inputs) w.string(1, input);
  for (const output of n.outputs) w.string(2, output);
  w.string(3, `${n.opType.toLowerCase()}_${index}`);
  w.string(4, n.opType);
  for (const [name, value] of Object.entries(n.attributes ?? {})) {
    w.message(5, (a) => {
      a.string(1, name);
      if (Array.isArray(value)) {
        for (const v of value) a.int(8, v);
        a.int(20, 7); // INTS
      } else if (Number.isInteger(value)) {
        a.int(3, value);
        a.int(20, 2); // INT
      } else {
        a.float(2, value);
        a.int(20, 1); // FLOAT
      }
    });
  }
}

/** Serialises `model` to ONNX protobuf bytes (IR version 8). */
export function encodeOnnxModel(model: OnnxModel): Uint8Array {
  const w = new Writer();
  w.int(1, 8);
  w.string(2, 'cairn-tests');
  w.message(7, (g) => {
    model.nodes.forEach((n, i) => {
      g.message(1, (nw) => node(nw, n, i));
    });
    g.string(2, 'tiny');
    for (const t of model.initializers) g.message(5, (tw) => tensor(tw, t));
    for (const v of model.inputs) g.message(11, (vw) => valueInfo(vw, v));
    for (const v of model.outputs) g.message(12, (vw) => valueInfo(vw, v));
  });
  w.message(8, (o) => o.string(1, '').int(2, model.opset));
  return new Uint8Array(w.bytes);
}
