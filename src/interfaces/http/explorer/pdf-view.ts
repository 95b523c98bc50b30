/**
 * A PDF drawn by pdf.js (bundled; its worker is served beside this script, no CDN): one page at
 * a time on a canvas with its text layer over it, the cited passage's spans of the text layer
 * highlighted and scrolled into view. Loaded only when a PDF is opened.
 */
import { GlobalWorkerOptions, getDocument, TextLayer } from 'pdfjs-dist';
import { h, replace, scrollWithin } from './dom.js';
import { passagePieces } from './passage.js';

GlobalWorkerOptions.workerSrc = '/explorer/pdf.worker.js';

/** What {@link showPdf} draws and where. */
export interface PdfViewOptions {
  bytes: ArrayBuffer;
  container: HTMLElement;
  /** 1-based page to show first. */
  page: number;
  /** Text to highlight on that page. */
  passage?: string;
  tools: { bar: HTMLElement; previous: HTMLButtonElement; next: HTMLButtonElement; label: HTMLElement };
  /** False once another source was opened: drawing stops. */
  isCurrent: () => boolean;
}

/** Draws the PDF at `page` with page buttons; resolves once that page is drawn. */
export async function showPdf(options: PdfViewOptions): Promise<void> {
  const { container, tools } = options;
  const pdf = await getDocument({ data: new Uint8Array(options.bytes), isEvalSupported: false }).promise;
  let current = Math.min(Math.max(1, options.page), pdf.numPages);

  const draw = async (number: number, passage: string | undefined) => {
    const page = await pdf.getPage(number);
    if (!options.isCurrent()) return;
    const available = Math.max(280, container.clientWidth - 32);
    const base = page.getViewport({ scale: 1 });
    const viewport = page.getViewport({ scale: Math.min(2, available / base.width) });
    const ratio = window.devicePixelRatio || 1;
    const canvas = h('canvas', { 'aria-hidden': 'true' });
    canvas.width = Math.floor(viewport.width * ratio);
    canvas.height = Math.floor(viewport.height * ratio);
    canvas.style.width = `${Math.floor(viewport.width)}px`;
    canvas.style.height = `${Math.floor(viewport.height)}px`;
    const layer = h('div', { class: 'textLayer' });
    const sheet = h(
      'div',
      { class: 'pdf-page', role: 'document', 'aria-label': `Page ${number}` },
      canvas,
      layer,
    );
    sheet.style.width = `${Math.floor(viewport.width)}px`;
    sheet.style.height = `${Math.floor(viewport.height)}px`;
    sheet.style.setProperty('--scale-factor', String(viewport.scale));
    sheet.style.setProperty('--total-scale-factor', String(viewport.scale));
    replace(container, sheet);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('this browser cannot draw on a canvas');
    await page.render({
      canvas,
      canvasContext: context,
      viewport,
      ...(ratio === 1 ? {} : { transform: [ratio, 0, 0, ratio, 0, 0] }),
    }).promise;
    const text = new TextLayer({
      textContentSource: await page.getTextContent(),
      container: layer,
      viewport,
    });
    await text.render();
    const spans = text.textDivs;
    let marked = 0;
    if (passage) {
      const strings = spans.map((span) => span.textContent ?? '');
      for (const i of passagePieces(strings, passage)) {
        spans[i]?.classList.add('evidence');
        marked++;
      }
    }
    sheet.dataset.highlighted = String(marked);
    const first = container.querySelector('.evidence');
    if (first) scrollWithin(container, first);
    tools.label.textContent = `Page ${number} of ${pdf.numPages}`;
    tools.previous.disabled = number <= 1;
    tools.next.disabled = number >= pdf.numPages;
  };

  // Redrawn to fit when the viewer's width changes (a phone turned, a window resized).
  let width = container.clientWidth;
  const resized = new ResizeObserver(() => {
    if (!options.isCurrent() || !container.isConnected) {
      resized.disconnect();
      return;
    }
    if (container.clientWidth === 0 || Math.abs(container.clientWidth - width) < 40) return;
    width = container.clientWidth;
    void draw(current, options.passage);
  });
  resized.observe(container);
  tools.bar.hidden = false;
  tools.previous.onclick = () => {
    if (current > 1) void draw(--current, options.passage);
  };
  tools.next.onclick = () => {
    if (current < pdf.numPages) void draw(++current, options.passage);
  };
  await draw(current, options.passage);
}
