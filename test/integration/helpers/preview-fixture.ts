// A small dataset for the preview server's tests, written to a temp folder: a published school
// with a pending draft, a published school without a draft, a draft-only school, a charter
// school, a quote, and one real image. Kept here (not content/sample) so the tests do not
// depend on the sample generator's choices.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { createClient, type SanityClient } from '@sanity/client';
import { startContentService, type ContentService } from '../../../content-service/index.ts';
import { embeddedConfig } from '../../../src/config/public.ts';

export const IMAGE_REF = 'image-a1b2c3d4-40x30-png';
export const IMAGE_FILE = 'a1b2c3d4-40x30.png';

const image = { _type: 'image', asset: { _type: 'reference', _ref: IMAGE_REF } };
const slug = (current: string) => ({ _type: 'slug', current });

export const DOCS = [
  {
    _id: IMAGE_REF,
    _type: 'sanity.imageAsset',
    extension: 'png',
    mimeType: 'image/png',
    metadata: { dimensions: { width: 40, height: 30, aspectRatio: 40 / 30 } },
  },
  {
    _id: 'quote-1',
    _type: 'quote',
    quote: 'I love it here.',
    student: 'Ana',
    year: '7th grade',
    school: { _type: 'reference', _ref: 'school-lincoln' },
  },
  {
    _id: 'school-lincoln',
    _type: 'school',
    title: 'Lincoln Middle School',
    subtitle: 'Published subtitle',
    slug: slug('lincoln-middle'),
    isCharter: false,
    logo: image,
    mainImage: image,
    seoDescription: 'Lincoln.',
    featuredQuote: { _type: 'reference', _ref: 'quote-1' },
    sectionRepeater: [],
  },
  {
    _id: 'drafts.school-lincoln',
    _type: 'school',
    title: 'Lincoln Middle School',
    subtitle: 'Draft subtitle',
    slug: slug('lincoln-middle'),
    isCharter: false,
    logo: image,
    mainImage: image,
    seoDescription: 'Lincoln.',
    featuredQuote: { _type: 'reference', _ref: 'quote-1' },
    sectionRepeater: [],
  },
  {
    _id: 'school-washington',
    _type: 'school',
    title: 'Washington Middle School',
    subtitle: 'No draft here',
    slug: slug('washington-middle'),
    isCharter: false,
    seoDescription: 'Washington.',
  },
  {
    _id: 'school-summit',
    _type: 'school',
    title: 'Summit Charter Academy',
    subtitle: 'Charter',
    slug: slug('summit-charter'),
    isCharter: true,
  },
  {
    _id: 'drafts.school-horizons',
    _type: 'school',
    title: 'New Horizons Middle School',
    subtitle: 'Not yet published',
    slug: slug('new-horizons'),
  },
  { _id: 'school-guide', _type: 'school', title: 'Family Guide Center', slug: slug('family-guide') },
];

export async function writePreviewFixture(): Promise<{ dir: string; cleanup(): void }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'preview-fixture-'));
  mkdirSync(path.join(dir, 'images'));
  writeFileSync(path.join(dir, 'dataset.ndjson'), DOCS.map((d) => JSON.stringify(d)).join('\n') + '\n');
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 134, g: 38, b: 51 } } })
    .png()
    .toBuffer();
  writeFileSync(path.join(dir, 'images', IMAGE_FILE), png);
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

export async function startFixtureService(dir: string, token: string): Promise<ContentService> {
  return startContentService({
    contentDir: dir,
    token,
    port: 0,
    host: '127.0.0.1',
    watch: false,
    keepAliveMs: 1000,
    log: () => {},
  });
}

/** An editor's write client straight to the content service (what the Studio would do). */
export function editorClient(url: string, token: string): SanityClient {
  const cfg = embeddedConfig(url);
  return createClient({
    projectId: cfg.projectId,
    dataset: cfg.dataset,
    apiVersion: '2025-02-19',
    useCdn: false,
    token,
    apiHost: url,
    useProjectHostname: false,
    perspective: 'raw',
  });
}

/** A logger stream that keeps every line, to prove secrets never reach the log. */
export function captureLog(): { stream: { write(line: string): void }; text(): string } {
  const lines: string[] = [];
  return {
    stream: {
      write: (line: string) => {
        lines.push(line);
      },
    },
    text: () => lines.join(''),
  };
}
