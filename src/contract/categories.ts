import { z } from 'zod'

/** The 18 fixed category slugs of the directory; their order is the order the site lists them. */
export const CATEGORY_SLUGS = [
  'cloud',
  'developer-tools',
  'analytics',
  'open-data',
  'communication',
  'ecommerce',
  'finance',
  'payments',
  'media-entertainment',
  'text-language',
  'location',
  'productivity',
  'transport',
  'security',
  'iot',
  'marketing-social',
  'business',
  'ai-ml',
] as const

export const categorySlugSchema = z.enum(CATEGORY_SLUGS, {
  message: `must be one of ${CATEGORY_SLUGS.join(', ')}`,
})
export type CategorySlug = z.infer<typeof categorySlugSchema>

export const categorySchema = z.object({
  slug: categorySlugSchema,
  name: z.string().min(1),
  description: z.string().min(1),
  /** The name of a Material icon (`@mui/icons-material`), e.g. `Cloud`. */
  icon: z.string().min(1),
  /** How many APIs the catalogue has in this category. */
  count: z.number().int().nonnegative(),
})
export type Category = z.infer<typeof categorySchema>

export const categoriesResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ categories: z.array(categorySchema) }),
})
export type CategoriesResponse = z.infer<typeof categoriesResponseSchema>
