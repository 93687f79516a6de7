import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { productModules } from '../../src/app.ts';
import { type AppModule, defineModule, orderByUses, registerModules } from '../../src/core/module.ts';
import { tickets } from '../../src/modules/tickets/plugin.ts';

const modulesDir = join(import.meta.dirname, '../../src/modules');
const modules = productModules({});

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return filesUnder(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

describe('modules', () => {
  it('every folder under modules/ is one listed module', () => {
    const folders = readdirSync(modulesDir).filter((name) => statSync(join(modulesDir, name)).isDirectory());
    expect(modules.map((module) => module.name).sort()).toEqual(folders.sort());
  });

  it('every module has the same shape: plugin.ts registers, route files answer', () => {
    for (const module of modules) {
      const plugin = readFileSync(join(modulesDir, module.name, 'plugin.ts'), 'utf8');
      expect(plugin, `${module.name}/plugin.ts`).not.toMatch(
        /\b(?:app|route)\.(?:get|post|put|patch|delete)\(/,
      );
    }
  });

  it("no module reads another module's service from the app unless it declares it uses it", () => {
    const ownerOf = new Map(modules.flatMap((module) => module.provides.map((name) => [name, module])));
    const violations: string[] = [];
    for (const module of modules) {
      const allowed = new Set([...module.uses, ...module.provides]);
      for (const file of filesUnder(join(modulesDir, module.name))) {
        const text = readFileSync(file, 'utf8');
        for (const match of text.matchAll(/\b(?:app|instance|backOffice|fastify)\.([A-Za-z]+)\b/g)) {
          const name = match[1] as AppModule['uses'][number];
          if (ownerOf.has(name) && !allowed.has(name)) {
            violations.push(
              `${relative(modulesDir, file)} reads app.${name} (${ownerOf.get(name)?.name}) undeclared`,
            );
          }
        }
      }
    }
    expect(violations).toEqual([]);
  });

  it('the product registers in an order where every use comes first', () => {
    const shared = new Set(['rateLimiting', 'storage', 'io', 'jobs', 'events']);
    const ordered = orderByUses(modules, (name) => shared.has(name));
    const seen = new Set<string>();
    for (const module of ordered) {
      for (const name of module.uses) {
        const provider = modules.find((other) => other.provides.includes(name));
        if (provider) expect(seen.has(provider.name), `${module.name} after ${provider.name}`).toBe(true);
      }
      seen.add(module.name);
    }
  });

  it('a module registered without what it uses stops the start with a line naming it', async () => {
    const app = Fastify();
    await expect(tickets.register(app)).rejects.toThrow(
      "Module 'tickets' uses 'identity', 'audit', 'messaging', 'staff', 'staffAuth', 'authenticate', 'socketAuth', not registered before it",
    );
    await app.close();
  });

  it('a use nobody provides, or modules using each other, stop the start', async () => {
    const a = defineModule({ name: 'a', provides: ['wallet'], uses: ['payments'], register: async () => {} });
    const b = defineModule({ name: 'b', provides: ['payments'], uses: ['wallet'], register: async () => {} });
    const c = defineModule({ name: 'c', uses: ['kyc'], register: async () => {} });
    expect(() => orderByUses([a, b], () => false)).toThrow('Modules use each other in a circle: a → b → a');
    const app = Fastify();
    await expect(registerModules(app, [c])).rejects.toThrow(
      "Module 'c' uses 'kyc', which no listed module provides and no shared plugin decorates",
    );
    await app.close();
  });

  it('a module that does not decorate what it says it provides stops the start', async () => {
    const liar = defineModule({ name: 'liar', provides: ['news'], uses: [], register: async () => {} });
    const app = Fastify();
    await expect(liar.register(app)).rejects.toThrow("Module 'liar' declares it provides 'news'");
    await app.close();
  });
});
