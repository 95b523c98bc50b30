import { Document, Packer, Paragraph, TextRun } from 'docx';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { keepLoneChoices } from './alternate-content.js';
import { DocxParser } from './docx-parser.js';

const choiceOnly =
  '<mc:AlternateContent><mc:Choice Requires="wps"><w:r><w:t>Choice text</w:t></w:r></mc:Choice></mc:AlternateContent>';

describe('keepLoneChoices', () => {
  it('renames the choice of alternate content that has no fallback', () => {
    expect(keepLoneChoices(`<w:p>${choiceOnly}</w:p>`)).toBe(
      '<w:p><mc:AlternateContent><mc:Fallback Requires="wps"><w:r><w:t>Choice text</w:t></w:r></mc:Fallback></mc:AlternateContent></w:p>',
    );
  });

  it('leaves alternate content with a fallback, and text without any, as it is', () => {
    const both =
      '<mc:AlternateContent><mc:Choice Requires="wps">A</mc:Choice><mc:Fallback>B</mc:Fallback></mc:AlternateContent>';
    expect(keepLoneChoices(both)).toBe(both);
    expect(keepLoneChoices('<w:p/>')).toBe('<w:p/>');
  });

  it('handles nesting: an inner lone choice inside an outer choice with a fallback', () => {
    const nested = `<mc:AlternateContent><mc:Choice>${choiceOnly}</mc:Choice><mc:Fallback>F</mc:Fallback></mc:AlternateContent>`;
    const kept = keepLoneChoices(nested);
    expect(kept).toContain('<mc:Fallback Requires="wps"><w:r><w:t>Choice text</w:t></w:r></mc:Fallback>');
    expect(kept.startsWith('<mc:AlternateContent><mc:Choice>')).toBe(true);
  });
});

describe('DocxParser and mc:AlternateContent', () => {
  it('keeps the text of alternate content that has only a choice', async () => {
    const document = new Document({
      sections: [{ children: [new Paragraph({ children: [new TextRun('Before the box.')] })] }],
    });
    const zip = await JSZip.loadAsync(await Packer.toBuffer(document));
    const xml = await zip.file('word/document.xml')!.async('string');
    expect(xml).toContain('xmlns:mc=');
    zip.file('word/document.xml', xml.replace('</w:body>', `<w:p>${choiceOnly}</w:p></w:body>`));
    const bytes = new Uint8Array(await zip.generateAsync({ type: 'uint8array' }));
    const parsed = await new DocxParser().parse({ name: 'choice.docx', bytes });
    expect(parsed.pages[0]!.markdown).toContain('Before the box.');
    expect(parsed.pages[0]!.markdown).toContain('Choice text');
  });
});
