/** Who writes the blog, as the author box introduces them. */
export const authors: Record<string, { bio: string }> = {
  'API Atlas Team': {
    bio: 'The engineers who build API Atlas, its directory and its API tester. We write about what we run into ourselves: choosing, integrating, securing and testing third-party APIs.',
  },
}
