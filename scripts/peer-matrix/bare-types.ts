// Type-checked (strict, skipLibCheck: false) in the scratch app with cairn alone: the shipped types
// of the root export and of cairn/testing need no optional peer (no OpenTelemetry package).
import { openEngine } from 'cairn';
import { childNames, createTestEngine, type RecordedSpan, startSpanRecorder } from 'cairn/testing';

export const engine = await openEngine({ store: 'memory:', env: {} });
export const test = await createTestEngine();
export const names = (spans: RecordedSpan[]): string[] => childNames(spans, spans[0]!);
export const recorder: () => RecordedSpan[] = () => startSpanRecorder().spans();
