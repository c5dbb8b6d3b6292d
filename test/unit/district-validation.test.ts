// The Studio's validation on a district's own older content (test/fixtures/district): pictures
// published before alt text was asked for are flagged, so a one-field edit of such a school still
// publishes; a picture an editor adds or changes without alt text is still refused.
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import type { SanityDocument } from 'sanity';
import { findings, readDocs } from './helpers/studio-validation.ts';

const dataset = readDocs('test/fixtures/district');
const bluebell = dataset.find((d) => d._id === 'school-bluebell')!;
const otherPicture = dataset.find(
  (d) => d._type === 'sanity.imageAsset' && d._id !== (bluebell.logo as { asset: { _ref: string } }).asset._ref,
)!;

const altFindings = (lines: string[]) => lines.filter((l) => /alternative text/.test(l));

describe('alt text on a district’s older content', () => {
  it('flags the published pictures without alt text as warnings, not errors', async () => {
    const found = altFindings(await findings([bluebell], dataset));
    assert.ok(found.length >= 3, `every picture is flagged: ${found.join('\n')}`);
    assert.deepEqual(
      found.filter((l) => l.startsWith('error')),
      [],
    );
    assert.ok(found.some((l) => l.startsWith('warning school-bluebell .logo.alt: No alternative text yet')));
  });

  it('lets a one-field edit of such a school publish: its draft has no error', async () => {
    const draft = { ...bluebell, _id: 'drafts.school-bluebell', subtitle: 'Edited in the Studio' } as SanityDocument;
    const errors = altFindings(await findings([draft], [...dataset, draft])).filter((l) => l.startsWith('error'));
    assert.deepEqual(errors, []);
  });

  it('refuses a picture the editor changed, or one on a school never published, without alt text', async () => {
    const changed = {
      ...bluebell,
      _id: 'drafts.school-bluebell',
      logo: { _type: 'image', asset: { _type: 'reference', _ref: otherPicture._id } },
    } as SanityDocument;
    const fresh = {
      ...bluebell,
      _id: 'drafts.school-new',
      slug: { _type: 'slug', current: 'new-school' },
    } as SanityDocument;
    const found = await findings([changed, fresh], [...dataset, changed, fresh]);
    assert.ok(
      found.includes('error drafts.school-bluebell .logo.alt: Write alternative text, or mark the image decorative'),
    );
    assert.ok(
      found.includes(
        'warning drafts.school-bluebell .image.alt: No alternative text yet: write it when you can, or mark the image decorative',
      ),
    );
    assert.ok(
      found.includes('error drafts.school-new .logo.alt: Write alternative text, or mark the image decorative'),
    );
  });
});
