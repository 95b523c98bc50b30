/**
 * The evidence viewer: a citation or a document opens here, in a dialog. A PDF whose original the
 * server keeps is drawn by pdf.js (loaded on first use) at the cited page, with the cited passage
 * highlighted in the page's text layer; any other document (or a PDF without a kept original) is
 * shown as its rendered Markdown with the cited chunk highlighted where it stands.
 */
import { call, documentPath, original } from './api.js';
import { byId, count, h, headingPath, pages, replace, scrollWithin } from './dom.js';
import { renderMarkdown } from './markdown.js';
import { passagePieces } from './passage.js';
import type { DocumentRecord } from './types.js';
import { errorText, state } from './ui.js';

/** What to open: a document, optionally at a page with a passage to highlight. */
export interface EvidenceTarget {
  documentId: string;
  page?: number;
  /** The cited chunk's text, highlighted where it is found. */
  passage?: string;
  /** Shown under the title, e.g. the heading path. */
  context?: string;
}

type PdfModule = typeof import('./pdf-view.js');
let pdfModule: Promise<PdfModule> | undefined;
let opened = 0;

const BLOCKS = 'p, li, h1, h2, h3, h4, h5, h6, pre, blockquote, tr';

/** Highlights the blocks of `root` that hold `passage`; returns the first one. */
function highlightPassage(root: HTMLElement, passage: string): HTMLElement | undefined {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const nodes: Text[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) nodes.push(node as Text);
  const blocks = passagePieces(
    nodes.map((n) => n.data),
    passage,
  )
    .map((i) => nodes[i]?.parentElement?.closest<HTMLElement>(BLOCKS))
    .filter((b): b is HTMLElement => b !== null && b !== undefined);
  for (const block of blocks) block.classList.add('evidence');
  return blocks[0];
}

/** Opens `target` in the viewer dialog. */
export async function openEvidence(target: EvidenceTarget): Promise<void> {
  const collection = state.collection;
  if (!collection) return;
  const ticket = ++opened;
  const dialog = byId<HTMLDialogElement>('viewer');
  const body = byId('viewer-body');
  const tools = byId('viewer-tools');
  byId('viewer-title').textContent = target.documentId;
  byId('viewer-meta').textContent = target.context ?? '';
  byId('viewer-error').textContent = '';
  tools.hidden = true;
  body.setAttribute('aria-busy', 'true');
  replace(body, h('p', { class: 'loading' }, 'Loading the source…'));
  if (!dialog.open) dialog.showModal();
  try {
    const { document: record, markdown } = await call<{ document: DocumentRecord; markdown: string }>(
      'GET',
      documentPath(collection, target.documentId),
    );
    if (ticket !== opened) return;
    byId('viewer-title').textContent = record.title ?? record.sourceName;
    byId('viewer-meta').textContent = [
      target.context,
      `${record.sourceName} · ${count(record.pageCount, 'page')}`,
    ]
      .filter(Boolean)
      .join(' · ');
    const bytes =
      record.mediaType === 'application/pdf' ? await original(collection, record.documentId) : undefined;
    if (ticket !== opened) return;
    if (bytes) {
      pdfModule ??= import('./pdf-view.js');
      const { showPdf } = await pdfModule;
      await showPdf({
        bytes,
        container: body,
        page: target.page ?? 1,
        ...(target.passage ? { passage: target.passage } : {}),
        tools: {
          bar: tools,
          previous: byId<HTMLButtonElement>('viewer-prev'),
          next: byId<HTMLButtonElement>('viewer-next'),
          label: byId('viewer-page'),
        },
        isCurrent: () => ticket === opened,
      });
    } else {
      const article = h('article', { class: 'markdown document-markdown' });
      article.append(renderMarkdown(markdown));
      const notes =
        record.mediaType === 'application/pdf'
          ? h('p', { class: 'note' }, 'The original PDF is not kept on the server, so its text is shown.')
          : null;
      replace(body, notes, article);
      const first = target.passage ? highlightPassage(article, target.passage) : undefined;
      if (first) scrollWithin(body, first);
    }
  } catch (error) {
    if (ticket !== opened) return;
    replace(body);
    byId('viewer-error').textContent = errorText(error);
  } finally {
    if (ticket === opened) body.setAttribute('aria-busy', 'false');
  }
}

/** The location of a chunk for people: heading path and pages. */
export function where(chunk: { headingPath: string[]; pageStart: number; pageEnd: number }): string {
  return [headingPath(chunk.headingPath), pages(chunk.pageStart, chunk.pageEnd)].filter(Boolean).join(' · ');
}
