// The export's report: what needs an editor's attention, grouped by kind with a count and the first
// few documents, in a few dozen lines however large the district (one line per warning would be
// 24,006 lines at 1000 schools). Pure, so the export, the preview's editor home and the tests group and
// write it the same way. Sources hand over structured warnings (src/lib/warn.ts); a plain sentence
// in the log's style (`school "school-x": field y: …`) is read for its kind, document and field,
// so a warning added as a string is grouped with its like, never lost.
import { type Warning, type WarningInput, warningText } from '../lib/warn.ts';

/** The kinds the site's own sources report, with what each means for families. */
export const WARNING_KINDS: Readonly<Record<string, string>> = {
  'not-supplied': 'not supplied by the district: the site leaves it out or uses neutral words',
  'translation-gap': 'translations families cannot read: the page shows English',
  'school-skipped': 'schools not published',
  'content-cut': 'content cut to the limits (docs/content-model.md)',
  'missing-alt': 'images without alternative text, not marked decorative',
  'fact-changed': 'facts left off the page or shown otherwise than written (a bell time, a ZIP code, an event)',
  'unknown-block': 'blocks of a type the site does not know: nothing is shown for them',
  'rich-text': 'rich text the site does not know: shown with a fallback',
  'tag-list': 'tag lists of an unknown category: not shown',
  video: 'videos with an invalid id: not shown',
  image: 'images the image service could not crop or does not have',
  'file-missing': 'files the content service does not have: not linked',
  'content-service': 'the content service reading the dataset',
  export: 'the export itself',
  transient: 'requests retried (not content; never fails --strict)',
  other: 'other warnings',
};

/** Kinds listed first in the summary, whatever their count: a new district's first work. */
const FIRST_KINDS: readonly string[] = ['not-supplied', 'translation-gap', 'school-skipped'];

/** Kinds that say nothing about the content: `--strict` lets them pass. */
export const NOT_CONTENT_KINDS: ReadonlySet<string> = new Set(['transient']);

const QUOTED = String.raw`"(?:[^"\\]|\\.)*"`;
const PAGE = /^(\S+\.html): ([\s\S]*)$/;
const SKIPPED = new RegExp(String.raw`^skipping school (${QUOTED}|\(no _id\)): (?:field ([^:\s]+): )?`);
const DOC_FIELD = new RegExp(String.raw`^([A-Za-z][\w.]*) (${QUOTED}): field ([^:]+): ([\s\S]*)$`);

const unquote = (s: string): string => {
  try {
    return JSON.parse(s) as string;
  } catch {
    return s;
  }
};

/** A field's path without its list selectors: `sectionRepeater[_key=="a"].blocks[2]` → `sectionRepeater.blocks`. */
export const fieldKind = (field: string): string => field.replace(/\[[^\]]*\]/g, '').trim();

/** What a document's field warning is about, from its words; unknown words: the type and field. */
function docFieldKind(type: string, field: string, rest: string): string {
  if (/no alternative text/.test(rest)) return 'missing-alt';
  if (/\(docs\/content-model\.md\)$/.test(rest) && /\bcut\b|dropped/.test(rest)) return 'content-cut';
  if (/is not set|not supplied/.test(rest)) return 'not-supplied';
  return `${type}.${fieldKind(field)}`;
}

/** A plain sentence read as a Warning: its page, kind, document and field where its words say them. */
export function classifyWarning(text: string): Warning {
  const paged = PAGE.exec(text);
  const page = paged?.[1];
  const body = paged ? paged[2]! : text;
  const at = page ? { page } : {};
  const skipped = SKIPPED.exec(body);
  if (skipped) {
    const id = skipped[1]!.startsWith('"') ? unquote(skipped[1]!) : undefined;
    return {
      kind: 'school-skipped',
      type: 'school',
      ...(id !== undefined ? { document: id } : {}),
      ...(skipped[2] ? { field: skipped[2] } : {}),
      message: body,
      ...at,
    };
  }
  const df = DOC_FIELD.exec(body);
  if (df) {
    const [, type, id, field, rest] = df as unknown as [string, string, string, string, string];
    return { kind: docFieldKind(type, field, rest), type, document: unquote(id), field, message: body, ...at };
  }
  const kind = /^block: unknown block type/.test(body)
    ? 'unknown-block'
    : /^rich text: /.test(body)
      ? 'rich-text'
      : /^tagList: /.test(body)
        ? 'tag-list'
        : /^video: /.test(body)
          ? 'video'
          : /; retry \d+ in \d+ ms$/.test(body)
            ? 'transient'
            : /^image[ :]/.test(body)
              ? 'image'
              : /^content service: /.test(body)
                ? 'content-service'
                : 'other';
  return { kind, message: body, ...at };
}

/** Any input as a Warning; a Warning keeps its own kind, document and field. */
export const toWarning = (w: WarningInput): Warning => (typeof w === 'string' ? classifyWarning(w) : w);

/** How many documents each kind keeps for the summary (the full list is the report file's). */
const KEPT_DOCUMENTS = 4;
const KEPT_FIELDS = 8;

/** One kind's share of the report: its count, how many documents, and the first few with their fields. */
export interface ReportGroup {
  kind: string;
  title: string;
  count: number;
  /** How many documents (or, for a warning no document is named in, pages) it was found in. */
  documents: number;
  first: { document: string; fields: string[] }[];
  /** The first warning of the kind without a document (a page's or the export's own), as written. */
  example: string | null;
}

/**
 * Warnings grouped as they arrive: memory grows with the kinds and the documents named, not with
 * each warning's words (the caller decides whether it also keeps every warning).
 */
export class WarningGroups {
  private readonly groups = new Map<
    string,
    { group: ReportGroup; docs: Set<string>; fields: Map<string, Set<string>> }
  >();
  total = 0;

  add(w: Warning): void {
    this.total++;
    let g = this.groups.get(w.kind);
    if (!g) {
      const title = WARNING_KINDS[w.kind] ?? `as reported: ${w.message.slice(0, 120)}`;
      g = {
        group: { kind: w.kind, title, count: 0, documents: 0, first: [], example: null },
        docs: new Set(),
        fields: new Map(),
      };
      this.groups.set(w.kind, g);
    }
    g.group.count++;
    // Named by its document, else by the page it was found on; the export's own have neither.
    const name = w.document !== undefined ? `${w.type ?? 'document'} ${JSON.stringify(w.document)}` : w.page;
    if (name === undefined) {
      g.group.example ??= warningText(w).slice(0, 200);
      return;
    }
    if (!g.docs.has(name)) {
      g.docs.add(name);
      g.group.documents++;
      if (g.group.first.length < KEPT_DOCUMENTS) {
        g.group.first.push({ document: name, fields: [] });
        g.fields.set(name, new Set());
      }
    }
    const fields = g.fields.get(name);
    // Without a field, what was found there: "block: unknown block type "x"…".
    const field = w.field ? fieldKind(w.field) : w.message.slice(0, 80);
    if (fields && field && !fields.has(field)) {
      fields.add(field);
      const entry = g.group.first.find((f) => f.document === name)!;
      if (entry.fields.length < KEPT_FIELDS) entry.fields.push(field);
    }
  }

  /**
   * The groups: what the district has to supply and what families miss first, then the most
   * frequent (then by kind, so the order is the same on every run).
   */
  list(): ReportGroup[] {
    const rank = (g: ReportGroup) => {
      const i = FIRST_KINDS.indexOf(g.kind);
      return i < 0 ? FIRST_KINDS.length : i;
    };
    return [...this.groups.values()]
      .map((g) => g.group)
      .sort((a, b) => rank(a) - rank(b) || b.count - a.count || (a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : 0));
  }

  /** The content warnings `--strict` fails on. */
  contentCount(): number {
    return this.list()
      .filter((g) => !NOT_CONTENT_KINDS.has(g.kind))
      .reduce((n, g) => n + g.count, 0);
  }
}

/** The groups of a list of warnings. */
export function groupWarnings(warnings: Iterable<WarningInput>): ReportGroup[] {
  const groups = new WarningGroups();
  for (const w of warnings) groups.add(toWarning(w));
  return groups.list();
}

/** The default bound of the summary: a few dozen lines at any size. */
export const REPORT_MAX_LINES = 40;
const WIDTH = 140;

const count = (n: number): string => n.toLocaleString('en-US');

function documentLine(f: ReportGroup['first'][number]): string {
  const line = f.fields.length ? `${f.document}: ${f.fields.join(', ')}` : f.document;
  return line.length > WIDTH ? `${line.slice(0, WIDTH - 1)}…` : line;
}

/**
 * The summary: a heading line, then per kind its count and meaning and, as the line budget allows,
 * its first documents with their fields. Every kind is named with its count; past the budget the
 * remaining kinds share two lines. `where` says where the full list is.
 */
export function formatReport(groups: readonly ReportGroup[], where: string, maxLines = REPORT_MAX_LINES): string[] {
  const total = groups.reduce((n, g) => n + g.count, 0);
  if (total === 0) return ['Report: no warnings.'];
  const lines = [
    `Report: ${count(total)} warning${total === 1 ? '' : 's'} of ${groups.length} kind${groups.length === 1 ? '' : 's'}; every one in ${where}`,
  ];
  // One line per kind first (past the budget, the last kinds share two lines); what remains goes to
  // each kind's first documents, shared out evenly.
  const budget = maxLines - 1;
  const shown = groups.length <= budget ? groups : groups.slice(0, budget - 2);
  const rest = groups.slice(shown.length);
  let spare = budget - shown.length - (rest.length ? 2 : 0);
  const perKind = Math.min(KEPT_DOCUMENTS, Math.floor(spare / Math.max(1, shown.length)));
  spare -= perKind * shown.length;
  for (const g of shown) {
    lines.push(`  ${count(g.count).padStart(7)}  ${g.kind}: ${g.title}`);
    const room = perKind + (spare > 0 && g.first.length > perKind ? 1 : 0);
    if (room > perKind) spare--;
    const docs = g.first.slice(0, room).map(documentLine);
    if (!docs.length && g.example && room > 0) docs.push(g.example);
    const more = g.documents - Math.min(room, g.first.length);
    if (docs.length && g.documents > 0 && more > 0) docs[docs.length - 1] += `; and ${count(more)} more`;
    for (const d of docs) lines.push(`             ${d}`);
  }
  if (rest.length) {
    const named = rest.map((g) => `${g.kind} ${count(g.count)}`);
    const first: string[] = [];
    while (named.length && `  also: ${[...first, named[0]].join(', ')}`.length <= WIDTH) first.push(named.shift()!);
    lines.push(`  also: ${first.join(', ')}`);
    if (named.length) lines.push(`        ${named.join(', ')}`);
  }
  return lines;
}

/** The summary of an export's report, as the report file's first line holds it (core/export-report-file.ts). */
export interface ExportReportSummary {
  finished: string;
  published: boolean;
  total: number;
  kinds: ReportGroup[];
}
