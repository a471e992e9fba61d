// The builders live in src/contract/seo, where the server's page heads use them too.
export * from '@/contract/seo/jsonLd'
