/**
 * Download progress of local models on the terminal.
 * @module
 */
import type { ModelDownloadProgress } from '../../providers/transformers/local-models.js';

/**
 * A download-progress reporter for the terminal: one line per file, rewritten in place with the
 * percentage and size, ended when the file is done. Events without byte counts are ignored.
 */
export function downloadProgressWriter(
  write: (text: string) => void,
): (progress: ModelDownloadProgress) => void {
  const started = new Set<string>();
  return (progress) => {
    const file = `${progress.name ?? ''}/${progress.file ?? ''}`;
    if (progress.status === 'progress' && progress.total) {
      started.add(file);
      const percent = Math.floor(((progress.loaded ?? 0) / progress.total) * 100);
      const mb = (progress.total / 1e6).toFixed(1);
      write(`\rdownloading ${file} ${String(percent).padStart(3)}% of ${mb} MB`);
    } else if (progress.status === 'done' && started.delete(file)) {
      write('\n');
    }
  };
}
