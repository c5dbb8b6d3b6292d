// Content Source Maps (`?resultSourceMap=true|withKeyArraySelector` on the query endpoint), as the
// hosted API answers them: which document and field each string of a query result came from.
// @sanity/client's stega encoding (the preview's click-to-edit) reads them and nothing else.
//
// groq-js does not trace values, so the map is rebuilt from the result and the documents the query
// ran over, by aligning the two:
// - a result object with an `_id` of a document is that document (the site's projections keep
//   `_id`), and a field of the result is the same field of the document while the names line up;
// - a reference in the document whose place the result fills with an object (`->`) continues in
//   the referenced document; array items line up by `_key`, else by position when the lengths agree;
// - a string is mapped only if the document holds exactly that value at the aligned path; a string
//   the alignment lost (a renamed field, `"name": title`, `"x": ref->title`) is looked up by value
//   in the nearest document, then in the documents it references, and mapped only where that
//   value occurs exactly once.
// Anything else (computed strings, literals, ambiguous values) is left out of the map, which the
// client treats as "not editable here", never as the wrong field.
import { jsonPath, type ContentSourceMap, type ContentSourceMapParsedPath } from '@sanity/client/csm';
import { documentById } from './query-plan.ts';

type Rec = Record<string, unknown>;
type SourcePath = ContentSourceMapParsedPath;

const isRec = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Where a result node sits in a document: the document, the path there, the value at that path. */
interface Aligned {
  doc: Rec;
  path: SourcePath;
  value: unknown;
}

/** Array items keep their `_key` in source paths (withKeyArraySelector), as the Studio addresses them. */
const itemSegment = (item: unknown, index: number): SourcePath[number] =>
  isRec(item) && typeof item._key === 'string' && item._key !== '' ? { _key: item._key, _index: index } : index;

/**
 * The one place in `doc` holding the string `value` (the fallback for fields the alignment lost):
 * a top-level field wins over copies deeper down (a school's title repeated in an image's alt
 * text); anything else ambiguous is no answer.
 */
function findOne(value: string, doc: Rec): SourcePath[] {
  const all: SourcePath[] = [];
  findString(value, doc, [], all);
  if (all.length <= 1) return all;
  const top = all.filter((p) => p.length === 1);
  return top.length === 1 ? top : all;
}

function findString(value: string, node: unknown, path: SourcePath, out: SourcePath[]): void {
  if (out.length > 16) return;
  if (typeof node === 'string') {
    if (node === value) out.push(path);
    return;
  }
  if (Array.isArray(node)) {
    node.forEach((item, i) => {
      findString(value, item, [...path, itemSegment(item, i)], out);
    });
    return;
  }
  if (isRec(node))
    for (const [k, v] of Object.entries(node)) if (!k.startsWith('_')) findString(value, v, [...path, k], out);
}

/**
 * The source map of `result`, evaluated over `docs` (the perspective's view, as the query saw it).
 * Null when no string in the result could be traced.
 */
export function resultSourceMap(result: unknown, docs: readonly unknown[]): ContentSourceMap | null {
  const documents: ContentSourceMap['documents'] = [];
  const documentIndex = new Map<string, number>();
  const paths: string[] = [];
  const pathIndex = new Map<string, number>();
  const mappings: ContentSourceMap['mappings'] = {};

  const byId = (id: unknown): Rec | null => {
    if (typeof id !== 'string') return null;
    const d = documentById(docs, id);
    return isRec(d) ? d : null;
  };
  const referenced = (doc: Rec): Rec[] => {
    const out = new Map<string, Rec>();
    const visit = (n: unknown): void => {
      if (Array.isArray(n)) n.forEach(visit);
      else if (isRec(n)) {
        const target = typeof n._ref === 'string' ? byId(n._ref) : null;
        if (target) out.set(n._ref as string, target);
        else Object.values(n).forEach(visit);
      }
    };
    visit(doc);
    return [...out.values()];
  };
  const map = (resultPath: (string | number)[], doc: Rec, path: SourcePath): void => {
    // The drafts perspective shows a draft under its published id; the map names the real source
    // (`drafts.x`), as the hosted API does, so the Studio opens the draft, not the published version.
    const id = String(doc._originalId ?? doc._id);
    let d = documentIndex.get(id);
    if (d === undefined) {
      d = documents.length;
      documents.push({ _id: id, _type: String(doc._type ?? '') });
      documentIndex.set(id, d);
    }
    const source = jsonPath(path);
    let p = pathIndex.get(source);
    if (p === undefined) {
      p = paths.length;
      paths.push(source);
      pathIndex.set(source, p);
    }
    mappings[jsonPath(resultPath)] = { type: 'value', source: { type: 'documentValue', document: d, path: p } };
  };

  const walk = (node: unknown, resultPath: (string | number)[], at: Aligned | null, owner: Rec | null): void => {
    if (typeof node === 'string') {
      if (at && at.value === node) {
        map(resultPath, at.doc, at.path);
        return;
      }
      if (!owner) return;
      // By value: in the nearest document, else in the documents it references (`"x": ref->field`).
      const found = findOne(node, owner);
      if (found.length > 1) return;
      if (found.length === 1) {
        map(resultPath, owner, found[0]!);
        return;
      }
      let hit: [Rec, SourcePath] | null = null;
      for (const target of referenced(owner)) {
        const inTarget = findOne(node, target);
        if (inTarget.length === 0) continue;
        if (hit || inTarget.length > 1) return; // more than one place: not this map's to guess
        hit = [target, inTarget[0]!];
      }
      if (hit) map(resultPath, hit[0], hit[1]);
      return;
    }
    if (Array.isArray(node)) {
      const source = at && Array.isArray(at.value) ? at.value : null;
      node.forEach((item, i) => {
        let next: Aligned | null = null;
        if (source && at) {
          const key = isRec(item) && typeof item._key === 'string' ? item._key : null;
          const j = key !== null ? source.findIndex((s) => isRec(s) && s._key === key) : -1;
          if (j >= 0) next = { doc: at.doc, path: [...at.path, itemSegment(source[j], j)], value: source[j] };
          else if (key === null && source.length === node.length)
            next = { doc: at.doc, path: [...at.path, itemSegment(source[i], i)], value: source[i] };
        }
        walk(item, [...resultPath, i], next, owner);
      });
      return;
    }
    if (!isRec(node)) return;
    let here = at;
    let nearest = owner;
    // An object naming a document is that document (a projection, or a dereferenced one with `_id`).
    const self = byId(node._id);
    if (self && (node._type === undefined || node._type === self._type)) {
      here = { doc: self, path: [], value: self };
      nearest = self;
    } else if (here && isRec(here.value) && typeof here.value._ref === 'string' && !('_ref' in node)) {
      // `->` without `_id` in the projection: the object stands where the reference was.
      const target = byId(here.value._ref);
      here = target ? { doc: target, path: [], value: target } : null;
      if (target) nearest = target;
    }
    for (const [k, v] of Object.entries(node)) {
      // System fields (_id, _type, _key, _ref) are never text an editor edits.
      if (k.startsWith('_') && typeof v === 'string') continue;
      const source = here && isRec(here.value) && k in here.value ? here.value[k] : undefined;
      const next = here && source !== undefined ? { doc: here.doc, path: [...here.path, k], value: source } : null;
      walk(v, [...resultPath, k], next, nearest);
    }
  };

  walk(result, [], null, null);
  return Object.keys(mappings).length > 0 ? { documents, paths, mappings } : null;
}
