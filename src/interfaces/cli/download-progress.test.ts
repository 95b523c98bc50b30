import { describe, expect, it } from 'vitest';
import { downloadProgressWriter } from './download-progress.js';

describe('downloadProgressWriter', () => {
  it('rewrites one line per file with the percentage and ends it when the file is done', () => {
    let out = '';
    const report = downloadProgressWriter((text) => {
      out += text;
    });
    report({ status: 'initiate', name: 'Xenova/m', file: 'config.json' });
    report({ status: 'done', name: 'Xenova/m', file: 'config.json' });
    report({
      status: 'progress',
      name: 'Xenova/m',
      file: 'onnx/model_quantized.onnx',
      loaded: 0,
      total: 34e6,
    });
    report({
      status: 'progress',
      name: 'Xenova/m',
      file: 'onnx/model_quantized.onnx',
      loaded: 17e6,
      total: 34e6,
    });
    report({ status: 'done', name: 'Xenova/m', file: 'onnx/model_quantized.onnx' });
    expect(out).toBe(
      '\rdownloading Xenova/m/onnx/model_quantized.onnx   0% of 34.0 MB' +
        '\rdownloading Xenova/m/onnx/model_quantized.onnx  50% of 34.0 MB\n',
    );
  });
});
