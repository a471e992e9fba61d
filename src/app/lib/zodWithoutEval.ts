// The page's CSP allows no eval. Zod 4 probes for it (`new Function('')`) the first time it builds
// an object schema, to compile fast parsers; the probe fails quietly but Chromium still reports a
// CSP violation. Zod reads this before it loads, so it never probes.
const scope = globalThis as { __zod_globalConfig?: { jitless?: boolean } }
scope.__zod_globalConfig = { ...scope.__zod_globalConfig, jitless: true }
