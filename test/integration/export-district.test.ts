// A district's own site carries nothing of the sample district: exporting Riverbend
// (test/fixtures/district: no district name, no links, no logo, guide or video) through the real CLI,
// no file of out/ names the sample's district, domain or schools (read from content/sample), no link
// leads to a host Riverbend's data does not name, and the report names each setting it has not
// supplied once. With its name set, titles, footer, logo alt and JSON-LD use it. A Spanish landing
// page hidden behind a dotted metadata id is named; --strict fails and publishes nothing; and the
// report stays a few dozen lines for a 1000-school district with two dozen warnings a school.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { generateDataset } from '../../bench/gen-dataset.ts';
import { reportLinesOf } from '../../bench/lib/export-process.ts';
import { datasetDomains, sampleMarks, sampleResidue } from '../../scripts/lib/sample-residue.ts';
import type { ReportSummary } from '../../core/export-report-file.ts';
import type { Warning } from '../../src/lib/warn.ts';
import { EXIT } from '../../core/exit-codes.ts';
import { cleanEnv, embeddedJson, readDataset, removeDir, ROOT, runExport, SAMPLE, tempDir } from './export-helpers.ts';

const DISTRICT = path.join(ROOT, 'test/fixtures/district');
const work = tempDir('export-district');
after(() => removeDir(work));
const env = () => cleanEnv({ EXPORT_MANIFEST_DIR: path.join(work, 'manifests'), SOURCE_DATE_EPOCH: '1795000000' });
const read = (dir: string, f: string) => readFileSync(path.join(dir, f), 'utf8');

type Doc = Record<string, unknown> & { _id: string };
/** Riverbend's folder copied with its documents changed by `edit`. */
function riverbend(name: string, edit: (docs: Doc[]) => void = () => {}): string {
  const dir = path.join(work, name);
  cpSync(DISTRICT, dir, { recursive: true });
  const docs = readDataset(dir) as Doc[];
  edit(docs);
  writeDocs(dir, docs);
  return dir;
}
/** Replaces a dataset folder's documents; its images stay. */
const writeDocs = (dir: string, docs: Doc[]) =>
  writeFileSync(path.join(dir, 'dataset.ndjson'), `${docs.map((d) => JSON.stringify(d)).join('\n')}\n`);

/** The report file an export wrote (its path is the summary's first line). */
/** A report file: its summary line, and every warning after it, one a line. */
function readReport(file: string): ReportSummary & { warnings: Warning[] } {
  const [head, ...lines] = readFileSync(path.resolve(ROOT, file), 'utf8').trimEnd().split('\n');
  return { ...(JSON.parse(head!) as ReportSummary), warnings: lines.map((l) => JSON.parse(l) as Warning) };
}

function reportOf(stdout: string): ReturnType<typeof readReport> {
  const where = /^Report: .*; every one in (.+)$/m.exec(stdout)?.[1];
  assert.ok(where, stdout);
  return readReport(where);
}

describe('Riverbend, a district that is not the sample', () => {
  const out = path.join(work, 'out');
  let stdout = '';
  before(async () => {
    const r = await runExport(
      ['--content', riverbend('riverbend'), '--out', out, '--site-url', 'https://schools.riverbend.example'],
      env(),
      120_000,
    );
    assert.equal(r.code, 0, r.stderr);
    stdout = r.stdout;
  });

  test("no file of out/ names the sample's district, domain or schools, and no link leads elsewhere", () => {
    const marks = sampleMarks(SAMPLE);
    assert.ok(marks.schools.length >= 10 && marks.domains.length >= 1, 'the sample names its own');
    const supplied = new Set([...datasetDomains(DISTRICT), 'schools.riverbend.example']);
    assert.deepEqual(sampleResidue(out, marks, supplied), []);
    // The check finds a link to a host no one supplied.
    assert.ok(
      sampleResidue(out, marks, datasetDomains(DISTRICT)).some(
        (r) => r.found === 'a link to schools.riverbend.example',
      ),
    );
    // The check finds what it looks for: the sample's own export would fail it.
    const landing = read(out, 'index.html');
    assert.match(landing, /Choosing a Riverbend Middle School/);
  });

  test('what it has not supplied is left out: no guide link, no outbound navigation, no video; neutral words', () => {
    const landing = read(out, 'index.html');
    assert.doesNotMatch(landing, /site-footer__pdf|<video|nav__link" href="http/);
    assert.match(landing, /<a class="nav__logo nav__logo--text" href="\/">Home<\/a>/);
    assert.match(landing, /<title>Choosing a Riverbend Middle School<\/title>/);
    assert.match(
      landing,
      /<p class="site-footer__copyright">© <span>\d{4}<\/span> <span>All rights reserved\.<\/span><\/p>/,
    );
  });

  test('the report names each setting it has not supplied, once', () => {
    const report = reportOf(stdout);
    const gaps = report.warnings.filter((w) => w.kind === 'not-supplied').map((w) => `${w.document}.${w.field}`);
    assert.equal(new Set(gaps).size, gaps.length, 'each once');
    for (const f of ['districtName', 'logo', 'elementaryLink', 'highSchoolLink', 'guide'])
      assert.ok(gaps.includes(`siteSettings.${f}`), `siteSettings.${f}`);
    for (const f of ['heroVideo', 'testimonial', 'stats', 'panels'])
      assert.ok(gaps.includes(`landingPage.${f}`), `landingPage.${f}`);
    assert.ok(
      !gaps.includes('siteSettings.zipCodes') && !gaps.includes('landingPage.advantageIntro'),
      'what it gave is not named',
    );
    // The summary names each too, and every kind with its count.
    const summary = stdout.slice(stdout.indexOf('Report:'));
    assert.match(
      summary,
      /siteSettings "siteSettings": districtName, logo, elementaryLink, highSchoolLink, footerText, guide/,
    );
    for (const k of report.kinds) assert.match(summary, new RegExp(`${k.count} +${k.kind}:`));
    assert.ok(reportLinesOf(stdout)! <= 60);
  });

  test("Sanity's standard image blocks in its sections are shown", () => {
    const school = read(out, 'schools/bluebell.html');
    assert.match(school, /<figure class="block block-photo"><img [^>]*src="\/media\/[^"]+\.webp"/);
    assert.doesNotMatch(stdout, /unknown block type/);
  });
});

describe('Riverbend with its name, logo and guide set', () => {
  const out = path.join(work, 'named-out');
  const NAME = 'Riverbend School District';
  // The guide as the Studio uploads it: a file asset, its bytes in files/<sha1>.pdf.
  const PDF = Buffer.from('%PDF-1.4\n% Riverbend guide to middle school\n%%EOF\n');
  const SHA1 = createHash('sha1').update(PDF).digest('hex');
  before(async () => {
    const dir = riverbend('named', (docs) => {
      const settings = docs.find((d) => d._id === 'siteSettings')!;
      const logo = docs.find((d) => d._type === 'sanity.imageAsset')!;
      const ref = (id: string) => ({ _type: 'reference', _ref: id });
      Object.assign(settings, {
        districtName: NAME,
        logo: { _type: 'image', asset: ref(logo._id) },
        guide: { _type: 'file', asset: ref(`file-${SHA1}-pdf`) },
      });
      docs.push({ _id: `file-${SHA1}-pdf`, _type: 'sanity.fileAsset', extension: 'pdf', mimeType: 'application/pdf' });
    });
    mkdirSync(path.join(dir, 'files'));
    writeFileSync(path.join(dir, 'files', `${SHA1}.pdf`), PDF);
    const r = await runExport(
      ['--content', dir, '--out', out, '--site-url', 'https://schools.riverbend.example'],
      env(),
      120_000,
    );
    assert.equal(r.code, 0, r.stderr);
  });

  test('titles, footer, logo alt and JSON-LD name it', () => {
    const landing = read(out, 'index.html');
    assert.match(landing, new RegExp(`<title>Choosing a Riverbend Middle School \\| ${NAME}</title>`));
    assert.match(landing, new RegExp(`<img src="/media/[^"]+" width="\\d+" height="\\d+" alt="${NAME} home"`));
    assert.match(landing.replace(/<!-- -->/g, ''), new RegExp(`© <span>\\d{4}</span> ${NAME}\\. `));
    const school = read(out, 'schools/bluebell.html');
    assert.match(school, new RegExp(`<title>Bluebell Middle School \\| ${NAME}</title>`));
    const ld = JSON.parse(/<script type="application\/ld\+json">([^<]*)<\/script>/.exec(school)![1]!);
    assert.deepEqual(ld.parentOrganization, { '@type': 'Organization', name: NAME });
    const es = read(out, 'es/index.html');
    assert.match(es, new RegExp(`alt="Inicio de ${NAME}"`), "the Spanish home link in the catalogue's words");
  });

  test('its uploaded guide is linked from every footer, and the export carries its own copy', () => {
    for (const page of ['index.html', 'schools/bluebell.html', 'es/index.html'])
      assert.match(
        read(out, page),
        new RegExp(`<a class="site-footer__pdf" href="/files/${SHA1}\\.pdf" target="_blank"`),
        page,
      );
    assert.ok(readFileSync(path.join(out, 'files', `${SHA1}.pdf`)).equals(PDF));
  });
});

describe('a Spanish landing page behind a dotted translation.metadata id', () => {
  test('is named in the report, with what the reader sees; linked without the dot, /es/ is Spanish', async () => {
    const hidden = riverbend('dotted', (docs) => {
      docs.find((d) => d._id === 'rb-landing-translations')!._id = 'rb.landing-translations';
    });
    const out = path.join(work, 'dotted-out');
    const r = await runExport(['--content', hidden, '--out', out], env(), 120_000);
    assert.equal(r.code, 0, r.stderr);
    assert.match(
      read(out, 'es/index.html'),
      /<h1[^>]*>Choosing a Riverbend Middle School<\/h1>/,
      'English, as the export reads it',
    );
    const gap = reportOf(r.stdout).warnings.find(
      (w) => w.kind === 'translation-gap' && w.document === 'landingPage-es',
    );
    assert.ok(gap, r.stdout);
    assert.match(
      gap.message,
      /no translation\.metadata readable without a token links it.*\/es\/ shows the English landing page/,
    );

    const linked = path.join(work, 'linked-out');
    const l = await runExport(['--content', riverbend('linked'), '--out', linked], env(), 120_000);
    assert.equal(l.code, 0, l.stderr);
    assert.match(read(linked, 'es/index.html'), /<h1[^>]*>Cómo elegir una escuela intermedia de Riverbend<\/h1>/);
    assert.ok(!reportOf(l.stdout).warnings.some((w) => w.document === 'landingPage-es'));
  });
});

describe('--strict', () => {
  test('fails with exit 6 on what the district has not supplied, publishes nothing, and writes the report', async () => {
    const out = path.join(work, 'strict-out');
    const r = await runExport(['--content', riverbend('strict'), '--out', out, '--strict'], env(), 120_000);
    assert.equal(r.code, EXIT.strict, r.stderr);
    assert.match(
      r.stderr,
      /export failed \(strict\): --strict: the content has \d+ warning\(s\); nothing was published/,
    );
    assert.match(r.stderr, /not-supplied: /);
    assert.ok(!existsSync(out), 'nothing published');
    const where = /every one in (.+)$/m.exec(r.stderr)![1]!;
    const report = readReport(where);
    assert.equal(report.published, false);
    assert.ok(report.total > 10);
  });
});

describe('the report at district size', () => {
  test('1000 schools with two dozen warnings a school: every kind named with its count, within 60 lines', {
    timeout: 300_000,
  }, async () => {
    const dir = path.join(work, 'thousand');
    const gen = generateDataset({ n: 1000, outDir: dir, withoutAlt: true });
    // Blocks of types the site does not know, as another Studio's content brings them: one warning per page each.
    const docs = readDataset(dir) as Doc[];
    for (const d of docs) {
      const sections = d._type === 'school' ? (d.sectionRepeater as { blocks?: unknown[] }[] | undefined) : undefined;
      if (sections?.[0]?.blocks)
        for (const t of ['legacyMap', 'legacyGallery', 'legacyForm', 'legacyEmbed', 'legacyFeed', 'legacyPoll'])
          sections[0].blocks.push({ _type: t, _key: t });
    }
    writeDocs(dir, docs);
    const r = await runExport(['--content', dir, '--out', path.join(work, 'thousand-out')], env(), 280_000);
    assert.equal(r.code, 0, r.stderr);
    const report = reportOf(r.stdout);
    assert.ok(report.total >= 24 * gen.schools, `${report.total} warnings for ${gen.schools} schools`);
    const lines = reportLinesOf(r.stdout)!;
    assert.ok(lines <= 60, `${lines} lines:\n${r.stdout}`);
    const summary = r.stdout.slice(r.stdout.indexOf('Report:'));
    for (const k of report.kinds) assert.ok(summary.includes(`${k.count.toLocaleString('en-US')}  ${k.kind}:`), k.kind);
    assert.equal(report.warnings.length, report.total, 'every warning in the file');
    assert.ok(r.stderr.split('\n').filter((l) => l.startsWith('warning:')).length < 5, 'none printed one by one');
  });
});

describe('the sample', () => {
  test('exports with a report within 60 lines', async () => {
    const r = await runExport(['--content', SAMPLE, '--out', path.join(work, 'sample-out')], env(), 180_000);
    assert.equal(r.code, 0, r.stderr);
    assert.ok(reportLinesOf(r.stdout)! <= 60);
    const landing = read(path.join(work, 'sample-out'), 'index.html');
    assert.ok(embeddedJson(landing, '__DATA__'));
  });
});
