// Asset URLs depend on who asks (Host, X-Sanity-Project-Id), so each view keeps decorated copies;
// 200 made-up pairs once held 200 copies of the dataset. The copies per view are now bounded.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ASSET_URL_VARIANTS, assetUrlVariantsHeld, withAssetUrls } from '../../content-service/asset-urls.ts';
import type { Doc } from '../../content-service/documents.ts';

const view: Doc[] = Array.from({ length: 50 }, (_, i) => ({
  _id: `image-${'a'.repeat(40)}${i}-10x10-png`,
  _type: 'sanity.imageAsset',
}));

describe('asset URLs per view', () => {
  it('holds at most a few decorated copies however many origins ask', () => {
    for (let i = 0; i < 200; i++) withAssetUrls(view, `http://host-${i}.example`, `p${i}`, 'production');
    assert.equal(assetUrlVariantsHeld(view), ASSET_URL_VARIANTS);
    const again = withAssetUrls(view, 'http://127.0.0.1:3333', 'embedded', 'production');
    assert.equal(withAssetUrls(view, 'http://127.0.0.1:3333', 'embedded', 'production'), again);
    assert.equal(
      (again[0] as Doc & { url: string }).url,
      `http://127.0.0.1:3333/images/embedded/production/${'a'.repeat(40)}0-10x10.png`,
    );
  });
});
