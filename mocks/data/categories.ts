import type { Category } from '@/contract/categories'

/** The 18 categories with the real catalogue's counts. */
export const categories: Category[] = [
  {
    slug: 'cloud',
    name: 'Cloud & Infrastructure',
    description: 'Compute, storage, hosting, databases and the control planes of the big clouds.',
    icon: 'Cloud',
    count: 1009,
  },
  {
    slug: 'developer-tools',
    name: 'Developer Tools',
    description:
      'Source control, CI/CD, monitoring, testing and the utilities developers build with.',
    icon: 'Build',
    count: 185,
  },
  {
    slug: 'analytics',
    name: 'Analytics',
    description: 'Measure traffic, usage and business metrics, and query the data behind them.',
    icon: 'Insights',
    count: 18,
  },
  {
    slug: 'open-data',
    name: 'Open Data',
    description: 'Public datasets from governments, science, education and reference sources.',
    icon: 'Public',
    count: 197,
  },
  {
    slug: 'communication',
    name: 'Communication',
    description: 'Email, SMS, voice, chat and telecom APIs to reach people where they are.',
    icon: 'Forum',
    count: 147,
  },
  {
    slug: 'ecommerce',
    name: 'E-commerce',
    description: 'Stores, carts, catalogues, orders, shipping and marketplaces.',
    icon: 'ShoppingCart',
    count: 107,
  },
  {
    slug: 'finance',
    name: 'Finance',
    description: 'Banking, accounting, market data, invoicing and financial services.',
    icon: 'AccountBalance',
    count: 110,
  },
  {
    slug: 'payments',
    name: 'Payments',
    description: 'Take payments, manage subscriptions and move money.',
    icon: 'Payment',
    count: 51,
  },
  {
    slug: 'media-entertainment',
    name: 'Media & Entertainment',
    description: 'Video, music, images, games, news and streaming.',
    icon: 'Movie',
    count: 169,
  },
  {
    slug: 'text-language',
    name: 'Text & Language',
    description: 'Translation, text processing, documents, dictionaries and natural language.',
    icon: 'Translate',
    count: 65,
  },
  {
    slug: 'location',
    name: 'Location & Maps',
    description: 'Maps, geocoding, places, weather and geospatial data.',
    icon: 'Place',
    count: 75,
  },
  {
    slug: 'productivity',
    name: 'Productivity',
    description: 'Collaboration, project management, calendars, forms and files.',
    icon: 'TaskAlt',
    count: 73,
  },
  {
    slug: 'transport',
    name: 'Transport',
    description: 'Transit, flights, vehicles, logistics and travel.',
    icon: 'DirectionsCar',
    count: 92,
  },
  {
    slug: 'security',
    name: 'Security & Identity',
    description: 'Authentication, identity, secrets, fraud detection and threat intelligence.',
    icon: 'Security',
    count: 131,
  },
  {
    slug: 'iot',
    name: 'Internet of Things',
    description: 'Devices, sensors, smart homes and the platforms that connect them.',
    icon: 'Router',
    count: 41,
  },
  {
    slug: 'marketing-social',
    name: 'Marketing & Social',
    description: 'Campaigns, CRM, customer support, advertising and social networks.',
    icon: 'Campaign',
    count: 57,
  },
  {
    slug: 'business',
    name: 'Business',
    description: 'HR, ERP, legal, company data and other enterprise systems.',
    icon: 'Business',
    count: 43,
  },
  {
    slug: 'ai-ml',
    name: 'AI & Machine Learning',
    description: 'Language models, vision, speech and machine-learning platforms.',
    icon: 'Psychology',
    count: 69,
  },
]

export const paymentsCategory = categories.find((category) => category.slug === 'payments')!
