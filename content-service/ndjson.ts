// Reading dataset.ndjson: its lines, decoded one at a time, and its documents, each malformed line
// skipped with a warning naming the file and the line, so one bad line never loses the dataset.
import { closeSync, openSync, readSync } from 'node:fs';
import { basename } from 'node:path';
import { isObject, type Doc, type Log } from './documents.ts';

/** A document as parsed, with its line: what the store compares a file edit against and writes back. */
export interface ParsedLine {
  doc: Doc;
  json: string;
}

/**
 * A file's lines, read a few megabytes at a time and each decoded on its own. Split from one
 * decoded text, every line is a slice that keeps the whole text alive, and one non-ASCII
 * character anywhere makes that text two bytes a character: at 10,000 schools 533 MB held for a
 * 267 MB file. Read this way an ASCII line takes a byte a character, and nothing else is kept.
 */
export function* fileLines(file: string, chunkBytes = 4 * 1024 * 1024): Generator<string> {
  const fd = openSync(file, 'r');
  try {
    const chunk = Buffer.alloc(chunkBytes);
    let rest = Buffer.alloc(0);
    for (;;) {
      const n = readSync(fd, chunk, 0, chunkBytes, null);
      const buf = rest.length ? Buffer.concat([rest, chunk.subarray(0, n)]) : chunk.subarray(0, n);
      let start = 0;
      for (let nl = buf.indexOf(10); nl >= 0; nl = buf.indexOf(10, start)) {
        yield buf.toString('utf8', start, nl);
        start = nl + 1;
      }
      // A copy: the chunk is overwritten by the next read.
      rest = Buffer.from(buf.subarray(start));
      if (n === 0) break;
    }
    if (rest.length) yield rest.toString('utf8');
  } finally {
    closeSync(fd);
  }
}

/** NDJSON's documents by _id, as parsed; malformed lines are skipped with a warning naming file and line number. */
export function* parsedLines(lines: Iterable<string>, file: string, log: Log): Generator<[string, ParsedLine]> {
  const seen = new Set<string>();
  let i = -1;
  for (const raw of lines) {
    i++;
    const line = raw.trim();
    if (line === '') continue;
    const where = `${basename(file)} line ${i + 1}`;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (err) {
      log(`content-service: ${where} skipped: not valid JSON (${(err as Error).message})`);
      continue;
    }
    if (!isObject(value) || typeof value._id !== 'string' || value._id === '') {
      log(`content-service: ${where} skipped: not a document with a string _id`);
      continue;
    }
    if (seen.has(value._id)) log(`content-service: ${where}: duplicate _id "${value._id}", the later line wins`);
    seen.add(value._id);
    // An asset's url and path depend on who asks (origin, project, dataset): the plugin sets them
    // on every answer, so stored ones are dropped and a written-back dataset keeps its served revs.
    const isAsset = value._type === 'sanity.imageAsset' || value._type === 'sanity.fileAsset';
    if (isAsset && ('url' in value || 'path' in value)) {
      const { url: _url, path: _path, ...rest } = value;
      yield [value._id, { doc: rest as Doc, json: JSON.stringify(rest) }];
      continue;
    }
    yield [value._id, { doc: value as Doc, json: line }];
  }
}

/** Parses NDJSON; malformed lines are skipped with a warning naming file and line number. */
export function parseNdjson(text: string, file: string, log: Log): Map<string, ParsedLine> {
  return new Map(parsedLines(text.split('\n'), file, log));
}
