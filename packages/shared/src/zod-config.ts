import { config as configureZod } from 'zod';

// In a browser, zod parses objects without compiling code (`new Function`): the app's content security
// policy allows no eval, and even zod's caught probe for it would be reported as a violation. validation.ts,
// which every module that builds a schema imports, imports this module first. Not `z.config`: the web build
// takes calls on `z` as free of side effects (apps/web/vite.config.ts `zodPure`) and would drop it. The package's
// only module with a side effect (package.json `sideEffects`): a web page that takes a vocabulary constant from a
// module with schemas (CATEGORY_KINDS from customers.ts) loads neither the schemas nor zod (issue 16).
if ('document' in globalThis) configureZod({ jitless: true });
