import { describe, expect, it } from 'vitest';
import { DocumentIdentityIndex } from './document-identity.js';
import { type DocumentsHolding, seriesTopicWords, topicalRecency } from './series-topic.js';
import { preferredDocuments, timeCue } from './time-preference.js';

/** A council's minutes of three meetings; each text says which words it holds. */
const texts: Record<string, string> = {
  'oakridge-minutes-1.md': 'the council set the allotment rent at its March meeting towards its summer trip',
  'oakridge-minutes-2.md': 'the council raised the allotment rent and awarded the playground contract',
  'oakridge-minutes-3.md': 'at the budget meeting the allotment rent will rise; the council set the precept',
};
const index = new DocumentIdentityIndex(
  Object.keys(texts).map((name, i) => ({
    documentId: name,
    title: 'Oakridge Parish Council',
    metadata: { date: `2024-0${3 * i + 3}-12`, period: { kind: 'day', end: `2024-0${3 * i + 3}-12` } },
  })),
);
/** The honest lexical holder over `texts`: documents whose words hold `word`. */
const holding: DocumentsHolding = async (word, ids, limit) =>
  (ids ?? Object.keys(texts)).filter((id) => texts[id]!.split(/\W+/).includes(word)).slice(0, limit);

describe('seriesTopicWords and topicalRecency', () => {
  it('leaves pronouns out of the topic: "its" says whose, not what', () => {
    const question = 'What allotment rent did Oakridge Parish Council set at its latest meeting?';
    const words = seriesTopicWords(question, index, index.documentIds());
    expect(words).toContain('allotment');
    expect(words).not.toContain('its');
  });

  it('leaves modal verbs out of the topic: "will" asks when or whether, not what (stop 52)', async () => {
    // The newest newsletter never writes "will"; an older one does.
    const newsletters: Record<string, string> = {
      'millbrook-newsletter-spring.md': 'rent for a full plot is 48 a year and the troughs will be turned on',
      'millbrook-newsletter-autumn.md': 'from april rent for a full plot rises to 52 a year',
    };
    const seasons = new DocumentIdentityIndex(
      Object.entries({
        'millbrook-newsletter-spring.md': '2025-05-31',
        'millbrook-newsletter-autumn.md': '2025-11-30',
      }).map(([name, date]) => ({
        documentId: name,
        title: 'Millbrook Allotment Society',
        metadata: { date, period: { kind: 'season', end: date } },
      })),
    );
    const holds: DocumentsHolding = async (word, ids, limit) =>
      (ids ?? Object.keys(newsletters))
        .filter((id) => newsletters[id]!.split(/\W+/).includes(word))
        .slice(0, limit);
    const question = 'What will a full plot cost according to the latest Millbrook newsletter?';
    expect(seriesTopicWords(question, seasons, seasons.documentIds())).not.toContain('will');
    const cue = timeCue(question);
    const preferences = preferredDocuments({ cue, index: seasons, named: seasons.documentIds(), ranked: [] });
    expect(preferences.map((p) => p.documentId)).toEqual(['millbrook-newsletter-autumn.md']);
    const moved = await topicalRecency(preferences, question, cue.recencyText ?? '', seasons, holds);
    // Read as a topic word, "will" moved the preference to the spring newsletter.
    expect(moved.map((p) => p.documentId)).toEqual(['millbrook-newsletter-autumn.md']);
  });

  it('keeps the newest minutes for a recency question whose topic they hold', async () => {
    const question = 'What allotment rent did Oakridge Parish Council set at its latest meeting?';
    const cue = timeCue(question);
    const preferences = preferredDocuments({ cue, index, named: index.documentIds(), ranked: [] });
    expect(preferences.map((p) => p.documentId)).toEqual(['oakridge-minutes-3.md']);
    const moved = await topicalRecency(preferences, question, cue.recencyText ?? '', index, holding);
    // Only the first minutes hold "its"; without the pronoun rule the preference moved to them.
    expect(moved.map((p) => p.documentId)).toEqual(['oakridge-minutes-3.md']);
    expect(moved[0]!.passedOver).toBeUndefined();
  });

  it('still moves to the newest version holding a topic word the newest lacks', async () => {
    const question = 'What did the latest Oakridge minutes say about the playground?';
    const cue = timeCue(question);
    const preferences = preferredDocuments({ cue, index, named: index.documentIds(), ranked: [] });
    const moved = await topicalRecency(preferences, question, cue.recencyText ?? '', index, holding);
    expect(moved.map((p) => p.documentId)).toEqual(['oakridge-minutes-2.md']);
    expect(moved[0]!.passedOver).toMatchObject({
      documentId: 'oakridge-minutes-3.md',
      lacks: ['playground'],
    });
  });
});
