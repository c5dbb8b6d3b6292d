// The Studio editors use to write the guide's content: the content model's schema types and a
// desk that opens on Schools. Project and dataset come from the environment (see env.ts).
import { defineConfig } from 'sanity';
import { structureTool } from 'sanity/structure';
import { schemaTypes } from './src/schemaTypes/index.ts';
import { structure } from './src/structure/index.ts';
import { studioEnv } from './env.ts';

const { projectId, dataset } = studioEnv();

export default defineConfig({
  name: 'default',
  title: 'Middle-school guide',
  projectId,
  dataset,
  plugins: [structureTool({ structure })],
  schema: { types: schemaTypes },
});
