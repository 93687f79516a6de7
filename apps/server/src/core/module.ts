import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** A name the app is decorated with: a module's service (app.wallet) or a shared plugin's (app.jobs). */
export type Decorator = keyof FastifyInstance & string;

/** What a module's register function is handed: exactly the services it declared, nothing else. */
export type Uses<K extends Decorator> = Pick<FastifyInstance, K>;

/**
 * A module of the server: a folder under modules/ that owns its tables, routes, sockets, subscribers and
 * jobs, decorates the app with its public services (`provides`) and declares the other modules' services it
 * uses (`uses`). app.ts lists the modules; registerModules orders them by these declarations.
 */
export interface AppModule {
  readonly name: string;
  readonly provides: readonly Decorator[];
  readonly uses: readonly Decorator[];
  register(app: FastifyInstance): Promise<void>;
}

export interface ModuleDefinition<K extends Decorator> {
  /** Its folder under modules/. */
  name: string;
  /** The services it decorates the app with; checked once it is registered. */
  provides?: readonly Decorator[];
  /** Other modules' services it uses; each must be registered before it, or the start fails. */
  uses: readonly K[];
  register(app: FastifyInstance, deps: Uses<K>): Promise<void>;
}

export function defineModule<const K extends Decorator = never>(definition: ModuleDefinition<K>): AppModule {
  const provides = definition.provides ?? [];
  const plugin = fp(
    async (app: FastifyInstance) => {
      const missing = definition.uses.filter((name) => !app.hasDecorator(name));
      if (missing.length > 0) {
        throw new Error(
          `Module '${definition.name}' uses ${missing.map((name) => `'${name}'`).join(', ')}, not registered before it: register the module providing it first (apps/server/src/app.ts)`,
        );
      }
      await definition.register(app, depsOf(app, definition.uses));
      const unprovided = provides.filter((name) => !app.hasDecorator(name));
      if (unprovided.length > 0) {
        throw new Error(
          `Module '${definition.name}' declares it provides ${unprovided.map((name) => `'${name}'`).join(', ')} but did not decorate the app with it`,
        );
      }
    },
    { name: definition.name },
  );
  return {
    name: definition.name,
    provides,
    uses: definition.uses,
    register: async (app) => {
      await app.register(plugin);
    },
  };
}

function depsOf<K extends Decorator>(app: FastifyInstance, names: readonly K[]): Uses<K> {
  const deps: Partial<Uses<K>> = {};
  for (const name of names) {
    const value = app[name];
    // Decorated functions (app.authenticate) may read `this`: keep them bound to the app.
    deps[name] = (typeof value === 'function' ? value.bind(app) : value) as Uses<K>[K];
  }
  return deps as Uses<K>;
}

/**
 * Registers the modules in an order where each comes after the modules providing what it uses (the list's
 * own order otherwise). A use no module provides and no shared plugin decorated, or modules using each other
 * in a circle, stop the start with a line naming them.
 */
export async function registerModules(app: FastifyInstance, modules: readonly AppModule[]) {
  for (const module of orderByUses(modules, (name) => app.hasDecorator(name))) {
    await module.register(app);
  }
}

export function orderByUses(modules: readonly AppModule[], alreadyThere: (name: Decorator) => boolean) {
  const providerOf = new Map<Decorator, AppModule>();
  for (const module of modules) for (const name of module.provides) providerOf.set(name, module);
  const ordered: AppModule[] = [];
  const state = new Map<AppModule, 'visiting' | 'done'>();

  const visit = (module: AppModule, path: string[]) => {
    if (state.get(module) === 'done') return;
    if (state.get(module) === 'visiting') {
      const circle = [...path.slice(path.indexOf(module.name)), module.name].join(' → ');
      throw new Error(
        `Modules use each other in a circle: ${circle}. Move the shared part into one of them.`,
      );
    }
    state.set(module, 'visiting');
    for (const name of module.uses) {
      const provider = providerOf.get(name);
      if (provider && provider !== module) visit(provider, [...path, module.name]);
      else if (!provider && !alreadyThere(name)) {
        throw new Error(
          `Module '${module.name}' uses '${name}', which no listed module provides and no shared plugin decorates (apps/server/src/app.ts)`,
        );
      }
    }
    state.set(module, 'done');
    ordered.push(module);
  };
  for (const module of modules) visit(module, []);
  return ordered;
}
