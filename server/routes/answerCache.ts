// The catalogue's JSON answers kept as sent. An answer depends only on the catalogue's
// version, the measured health's version and the request's key, the same as its ETag: so one
// serialisation serves every visitor who asks the same until either version changes. At 100,000
// APIs a filtered list costs a pass over every entry and the contract's check of what leaves;
// kept, it costs a map lookup. It is kept as the bytes sent, so no answer is encoded again.
import type { FastifyReply } from 'fastify'
import type { z } from 'zod'

/** The bytes of kept answers, at most; an answer is a few KB to a few hundred KB. */
export const ANSWER_BYTES_KEPT = 24 * 1024 * 1024

/** Answers larger than this are never kept: one of them would push out hundreds of others. */
const LARGEST_KEPT = 1024 * 1024

/** An answer built, and whether to keep it (false: a stopgap, such as a search without the database). */
export type Built<Data> = { data: Data; keep: boolean }

export type AnswerCache = {
  /**
   * Sends the answer kept for `key`, or builds it, checks it against `schema` (what the route's
   * serializer would do), keeps it unless the build says not to, and sends it. Builds of one key
   * at the same time are one.
   */
  send<Schema extends z.ZodType>(
    reply: FastifyReply,
    key: string,
    schema: Schema,
    build: () => Promise<Built<z.input<Schema>>>,
  ): Promise<FastifyReply>
  /** How many answers, and bytes in all, are kept (tests, benches). */
  size(): { answers: number; bytes: number }
}

export function createAnswerCache(bytesKept = ANSWER_BYTES_KEPT): AnswerCache {
  // Least recently used first: a Map keeps insertion order, and a hit moves its key to the end.
  const kept = new Map<string, Buffer>()
  const building = new Map<string, Promise<Buffer>>()
  let bytes = 0

  const keep = (key: string, body: Buffer) => {
    if (body.length > LARGEST_KEPT) return
    kept.set(key, body)
    bytes += body.length
    while (bytes > bytesKept) {
      const [oldest, dropped] = kept.entries().next().value!
      kept.delete(oldest)
      bytes -= dropped.length
    }
  }

  const bodyOf = async <Schema extends z.ZodType>(
    key: string,
    schema: Schema,
    build: () => Promise<Built<z.input<Schema>>>,
  ) => {
    const hit = kept.get(key)
    if (hit !== undefined) {
      kept.delete(key)
      kept.set(key, hit)
      return hit
    }
    const pending = building.get(key)
    if (pending) return pending
    const made = build()
      .then(({ data, keep: keepIt }) => {
        const body = Buffer.from(JSON.stringify(schema.parse(data)))
        if (keepIt) keep(key, body)
        return body
      })
      .finally(() => building.delete(key))
    building.set(key, made)
    return made
  }

  return {
    send: async (reply, key, schema, build) => {
      const body = await bodyOf(key, schema, build)
      // Bytes are sent as they are: the route's serializer has run already, above.
      return reply.type('application/json; charset=utf-8').send(body)
    },
    size: () => ({ answers: kept.size, bytes }),
  }
}
