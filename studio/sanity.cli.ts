// Settings for the `sanity` command line in this folder (dev, build, deploy, schema extract,
// typegen). TypeGen reads the site's queries and writes their result types into the site's src/.
import { defineCliConfig } from 'sanity/cli';
import { studioEnv } from './env.ts';
import { TYPEGEN } from './typegen.config.ts';

const { projectId, dataset } = studioEnv();

export default defineCliConfig({
  api: { projectId, dataset },
  typegen: TYPEGEN,
});
