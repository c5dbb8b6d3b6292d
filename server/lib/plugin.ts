// Marks a Fastify plugin as not encapsulated (what the fastify-plugin package does), so the
// preview's hooks, error handler and not-found handler apply to the whole app. Written out
// because fastify-plugin is not a direct dependency of this project.
import type { FastifyPluginAsync } from 'fastify';

export function unencapsulated<O extends Record<string, unknown>>(name: string, fn: FastifyPluginAsync<O>): FastifyPluginAsync<O> {
  const f = fn as FastifyPluginAsync<O> & Record<symbol, unknown>;
  f[Symbol.for('skip-override')] = true;
  f[Symbol.for('fastify.display-name')] = name;
  return f;
}
