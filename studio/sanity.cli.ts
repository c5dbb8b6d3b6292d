// Settings for the `sanity` command line in this folder (dev, build, deploy, schema extract,
// typegen). TypeGen reads the site's queries and writes their result types into the site's src/.
//
// `sanity dev` serves the Studio with Vite, which by default lets any local client read every file
// of the workspace through `/@fs/<path>`: the preview's secret in .cache/ and the datasets with
// their drafts in content/ came back to any page on the machine. The dev server may serve only what
// the Studio loads: this folder, the installed packages and the one site module the schema uses.
import path from 'node:path';
import { defineCliConfig } from 'sanity/cli';
import type { Plugin } from 'vite';
import { studioApiHost, studioEnv } from './env.ts';
import { TYPEGEN } from './typegen.config.ts';

const { projectId, dataset } = studioEnv();

/** Vite's own denials, which a `deny` of ours replaces rather than extends. */
const VITE_DENY = ['.env', '.env.*', '*.{crt,pem}', '**/.git/**'];

/** The dev server's file access for the Studio rooted at `root` (this folder). */
function studioFileAccess(root: string): { allow: string[]; deny: string[] } {
  const repo = path.resolve(root, '..');
  return {
    allow: [root, path.join(repo, 'node_modules'), path.join(repo, 'src/lib/slug.ts')],
    // Refused even if `allow` is widened one day: the caches (the preview's secret) and the datasets.
    deny: [...VITE_DENY, '*.key', `${repo}/.cache/**`, `${repo}/content/**`],
  };
}

/**
 * Offline (the embedded service: SANITY_STUDIO_API_HOST), the page Sanity writes loads nothing from
 * outside this machine: its web fonts (studio-static.sanity.io: the Studio falls back to system
 * fonts) and the bridge script for Sanity's hosted dashboard (core.sanity-cdn.com) are taken out.
 */
const offlinePage: Plugin = {
  name: 'middle-school-guide:offline-page',
  transformIndexHtml: {
    order: 'post',
    handler: (html) =>
      html
        .replace(/<script[^>]*src="https:\/\/core\.sanity-cdn\.[a-z]+\/bridge\.js"[^>]*><\/script>\s*/g, '')
        .replace(/@font-face\s*\{[^}]*studio-static\.sanity\.io[^}]*\}\s*/g, ''),
  },
};

export default defineCliConfig({
  api: { projectId, dataset },
  typegen: TYPEGEN,
  vite: (config) => {
    const root = config.root ?? process.cwd();
    const access = studioFileAccess(root);
    return {
      ...config,
      plugins: [...(config.plugins ?? []), ...(studioApiHost() ? [offlinePage] : [])],
      server: {
        ...config.server,
        fs: {
          ...config.server?.fs,
          strict: true,
          allow: access.allow,
          deny: access.deny,
        },
      },
    };
  },
});
