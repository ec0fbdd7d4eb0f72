import type { App } from '../src/app';
import type { JsonSchema, SchemaResolver } from './json-schema-arbitrary';

/** One route the server answers, with what the OpenAPI document says it takes. */
export type ServerRoute = {
  /** GET routes also answer HEAD; both are listed here. */
  methods: string[];
  /** In Fastify's form: `/api/videos/:id`, `/uploads/*`. */
  path: string;
  /** The names of its path parameters, in order; a wildcard tail is `*`. */
  params: string[];
  /** The JSON body the route declares (its contract schema), if it declares one. */
  jsonBody?: JsonSchema;
  /** False for the routes kept out of the API reference (`/uploads/*`, the reference itself). */
  documented: boolean;
};

type OpenApiDocument = {
  paths: Record<
    string,
    Record<
      string,
      { requestBody?: { content?: Record<string, { schema?: JsonSchema }> } } | undefined
    >
  >;
  components: { schemas: Record<string, JsonSchema> };
};

/**
 * Every route the app serves, read from its router (`printRoutes`), so a new route is fuzzed
 * the day it is added; with what the server's own OpenAPI document (generated from the
 * contract) says about its parameters and body.
 */
export async function listServerRoutes(app: App): Promise<{
  routes: ServerRoute[];
  resolve: SchemaResolver;
  /** Operations in the OpenAPI document that no router route matched: a parsing slip. */
  unmatched: string[];
}> {
  const document = (await app.inject({ url: '/api/openapi.json' })).json<OpenApiDocument>();
  const resolve: SchemaResolver = (schema) => {
    let resolved = schema;
    while (resolved.$ref) {
      const name = resolved.$ref.replace('#/components/schemas/', '');
      const target = document.components.schemas[name];
      if (!target) throw new Error(`the OpenAPI document has no schema ${name}`);
      resolved = target;
    }
    return resolved;
  };

  const routes = parseRouteTree(app.printRoutes()).map(({ path, methods }) => {
    const documentedPath = Object.keys(document.paths).find((candidate) =>
      sameShape(candidate, path),
    );
    const operations = documentedPath ? document.paths[documentedPath]! : {};
    const documented = methods.some((method) => operations[method.toLowerCase()] !== undefined);
    const params = documentedPath
      ? [...documentedPath.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!)
      : [...path.matchAll(/:([\w]+)|\*/g)].map((match) => match[1] ?? '*');
    const jsonBody = methods
      .map((method) => operations[method.toLowerCase()]?.requestBody?.content)
      .find((content) => content?.['application/json'])?.['application/json']?.schema;
    const fastifyPath = documentedPath ? documentedPath.replace(/\{(\w+)\}/g, ':$1') : path;
    return { methods, path: fastifyPath, params, jsonBody, documented };
  });
  const served = new Set(
    routes.flatMap((route) => route.methods.map((method) => `${method} ${route.path}`)),
  );
  const unmatched = Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.keys(operations)
      .map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`)
      .filter((operation) => !served.has(operation)),
  );
  return { routes, resolve, unmatched };
}

/**
 * Reads Fastify's route tree: each line is a node, indented four columns per level, whose path
 * continues its parent's; a node that is a route ends in its methods, such as `(GET, HEAD)`.
 * A parameter node shared by routes that name it differently reads `:id|:videoId`. Routes on
 * the same path with different methods come out as one entry.
 */
function parseRouteTree(tree: string): { path: string; methods: string[] }[] {
  const found = new Map<string, string[]>();
  const pathAtDepth: string[] = [];
  for (const line of tree.split('\n')) {
    const connector = line.search(/[├└]── /);
    if (connector < 0) continue;
    const depth = connector / 4;
    const node = /^(.*?)(?: \(([A-Z, ]+)\))?$/.exec(line.slice(connector + 4))!;
    pathAtDepth[depth] = node[1]!.replace(/:(\w+)(\|:\w+)+/g, ':$1');
    pathAtDepth.length = depth + 1;
    if (node[2]) {
      const path = pathAtDepth.join('');
      found.set(path, [...(found.get(path) ?? []), ...node[2].split(', ')]);
    }
  }
  return [...found].map(([path, methods]) => ({ path, methods: [...new Set(methods)].sort() }));
}

/** Whether an OpenAPI path (`/a/{id}`) and a router path (`/a/:videoId`) are the same route. */
function sameShape(openApiPath: string, routerPath: string): boolean {
  const shape = (path: string) => path.replace(/\{\w+\}|:\w+/g, ':');
  return shape(openApiPath) === shape(routerPath);
}
