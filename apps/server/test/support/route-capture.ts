import type { FastifyInstance, RouteOptions } from 'fastify';

/** One route as the app registered it: method, full URL and its (zod) schema parts. */
export interface CapturedRoute {
  method: string;
  url: string;
  schema: {
    body?: unknown;
    querystring?: unknown;
    params?: unknown;
  };
  /** Hidden from the OpenAPI document (Swagger UI's own files). */
  hidden: boolean;
}

/** Every route of every app built while the capture is installed, deduplicated by method + url. */
export const capturedRoutes = new Map<string, CapturedRoute>();

export function routeKey(method: string, url: string): string {
  return `${method} ${url}`;
}

function record(route: RouteOptions): void {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  const schema = (route.schema ?? {}) as CapturedRoute['schema'] & { hide?: boolean };
  for (const method of methods) {
    // Fastify adds HEAD for every GET itself; it runs the same handler.
    if (method === 'HEAD' && route.exposeHeadRoute !== false) continue;
    const key = routeKey(method, route.url);
    capturedRoutes.set(key, {
      method,
      url: route.url,
      schema: { body: schema.body, querystring: schema.querystring, params: schema.params },
      hidden: schema.hide === true,
    });
  }
}

/**
 * Wraps the `fastify` module so every instance it makes reports its routes through an onRoute
 * hook added before any plugin registers one: the list comes from the running app, so a new route
 * shows up without anyone listing it. Use as
 * `vi.mock('fastify', async (original) => withRouteCapture(await original()))`.
 */
export function withRouteCapture<M extends { default: (...args: never[]) => FastifyInstance }>(
  mod: M,
): M {
  const factory = mod.default;
  const wrapped = ((...args: Parameters<M['default']>) => {
    const app = factory(...args);
    app.addHook('onRoute', record);
    return app;
  }) as unknown as M['default'];
  Object.assign(wrapped, factory);
  return { ...mod, default: wrapped, fastify: wrapped };
}
