import type { CategorySlug } from '../../src/contract/categories'

export type CategoryInfo = { slug: CategorySlug; name: string; description: string; icon: string }

/** Names, descriptions and icons (Material icon names) of the 18 categories, in display order. */
export const CATEGORIES: CategoryInfo[] = [
  {
    slug: 'cloud',
    name: 'Cloud & Infrastructure',
    description: 'Compute, storage, hosting, databases and the control planes of the big clouds.',
    icon: 'Cloud',
  },
  {
    slug: 'developer-tools',
    name: 'Developer Tools',
    description:
      'Source control, CI/CD, monitoring, testing and the utilities developers build with.',
    icon: 'Build',
  },
  {
    slug: 'analytics',
    name: 'Analytics',
    description: 'Measure traffic, usage and business metrics, and query the data behind them.',
    icon: 'Insights',
  },
  {
    slug: 'open-data',
    name: 'Open Data',
    description: 'Public datasets from governments, science, education and reference sources.',
    icon: 'Public',
  },
  {
    slug: 'communication',
    name: 'Communication',
    description: 'Email, SMS, voice, chat and telecom APIs to reach people where they are.',
    icon: 'Forum',
  },
  {
    slug: 'ecommerce',
    name: 'E-commerce',
    description: 'Stores, carts, catalogues, orders, shipping and marketplaces.',
    icon: 'ShoppingCart',
  },
  {
    slug: 'finance',
    name: 'Finance',
    description: 'Banking, accounting, market data, invoicing and financial services.',
    icon: 'AccountBalance',
  },
  {
    slug: 'payments',
    name: 'Payments',
    description: 'Take payments, manage subscriptions and move money.',
    icon: 'Payment',
  },
  {
    slug: 'media-entertainment',
    name: 'Media & Entertainment',
    description: 'Video, music, images, games, news and streaming.',
    icon: 'Movie',
  },
  {
    slug: 'text-language',
    name: 'Text & Language',
    description: 'Translation, text processing, documents, dictionaries and natural language.',
    icon: 'Translate',
  },
  {
    slug: 'location',
    name: 'Location & Maps',
    description: 'Maps, geocoding, places, weather and geospatial data.',
    icon: 'Place',
  },
  {
    slug: 'productivity',
    name: 'Productivity',
    description: 'Collaboration, project management, calendars, forms and files.',
    icon: 'TaskAlt',
  },
  {
    slug: 'transport',
    name: 'Transport',
    description: 'Transit, flights, vehicles, logistics and travel.',
    icon: 'DirectionsCar',
  },
  {
    slug: 'security',
    name: 'Security & Identity',
    description: 'Authentication, identity, secrets, fraud detection and threat intelligence.',
    icon: 'Security',
  },
  {
    slug: 'iot',
    name: 'Internet of Things',
    description: 'Devices, sensors, smart homes and the platforms that connect them.',
    icon: 'Router',
  },
  {
    slug: 'marketing-social',
    name: 'Marketing & Social',
    description: 'Campaigns, CRM, customer support, advertising and social networks.',
    icon: 'Campaign',
  },
  {
    slug: 'business',
    name: 'Business',
    description: 'HR, ERP, legal, company data and other enterprise systems.',
    icon: 'Business',
  },
  {
    slug: 'ai-ml',
    name: 'AI & Machine Learning',
    description: 'Language models, vision, speech and machine-learning platforms.',
    icon: 'Psychology',
  },
]
