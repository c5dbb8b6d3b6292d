// A folder's files as '/'-separated relative paths, for the tools that compare exported trees
// (the benchmark's equivalence check and the integration tests).
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

/** Every file under dir, sorted; [] when the folder is absent. */
export function listFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (rel: string) => {
    for (const e of readdirSync(path.join(dir, rel), { withFileTypes: true })) {
      const child = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) walk(child);
      else out.push(child);
    }
  };
  if (existsSync(dir)) walk('');
  return out.sort();
}
