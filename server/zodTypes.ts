// Routes whose schemas are zod schemas (from src/contract) get their request types from them, so
// handlers read `request.query` and `request.params` as validated, without casts. Validation
// itself is registerErrorHandling's validator compiler (errors.ts).
import type { FastifyTypeProvider } from 'fastify'
import type { z } from 'zod'

// A type provider reads its schema through `this`, which only an interface has.
// eslint-disable-next-line @typescript-eslint/consistent-type-definitions
export interface ZodTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends z.ZodType ? z.output<this['schema']> : unknown
  serializer: this['schema'] extends z.ZodType ? z.input<this['schema']> : unknown
}
