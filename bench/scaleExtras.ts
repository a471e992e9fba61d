// Measurements that `npm run bench scale` runs against each catalogue size besides its own, for
// parts other engineers own (the cached public HTML's throughput, say). Add one here; its figures
// land in bench/results/scale.json under `extras.<name>` for that size and mode.

/** What a measurement gets: a running server holding `apis` directory entries. */
export type ScaleContext = {
  /** The server's address, e.g. `http://127.0.0.1:41234`. */
  address: string
  /** Directory entries the catalogue lists. */
  apis: number
  /** The database the server runs on. */
  mode: 'pglite' | 'postgres'
  /** Connections the other figures are measured with (50). */
  connections: number
}

export type ScaleMeasure = (context: ScaleContext) => Promise<Record<string, unknown>>

/** By name, in the order they run. Each runs after the catalogue's own figures. */
export const scaleExtras: Record<string, ScaleMeasure> = {}
