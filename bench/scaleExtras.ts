// Measurements that `npm run bench scale` runs against each catalogue size besides its own, for
// parts other engineers own (the cached public HTML's throughput, say). Add one here; its figures
// land in bench/results/scale.json under `extras.<name>` for that size and mode.
import { measureHtmlCache } from './htmlCache'

/** What a measurement gets: a running server holding `apis` directory entries. */
export type ScaleContext = {
  /** The server's address, e.g. `http://127.0.0.1:41234`. */
  address: string
  /** Directory entries the catalogue lists. */
  apis: number
  /** How many of them are synthetic (ATLAS_SYNTHETIC_APIS). */
  synthetic: number
  /** The database the server runs on. */
  mode: 'pglite' | 'postgres'
  /** Connections the other figures are measured with (50). */
  connections: number
}

export type ScaleMeasure = (context: ScaleContext) => Promise<Record<string, unknown>>

/** By name, in the order they run. Each runs after the catalogue's own figures. */
export const scaleExtras: Record<string, ScaleMeasure> = {
  // A cached public page against a static file of the same bytes (the target: at least 0.5×). Its
  // own server, on the embedded database, with the same synthetic padding: pages do not depend on
  // which database holds the catalogue, so it runs once per size.
  htmlCache: async ({ synthetic, mode, connections }) =>
    mode === 'pglite'
      ? measureHtmlCache({
          env: { ATLAS_SYNTHETIC_APIS: String(synthetic) },
          connections,
          durationS: 5,
          rounds: 3,
        })
      : { skipped: 'measured once per size, on the embedded database' },
}
