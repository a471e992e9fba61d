import type { OperationDetail, OperationListResponse } from '@/contract/operations'

// Taken from the real operations seed (server/catalog/seed/operations: APIs.guru, CC0) as the
// server answers them: GitHub's REST API (a part of its 845 operations) and Stripe's
// GetAccount, whose response schema is large enough to be shown truncated.

export const GITHUB_OPERATION_COUNT = 845

/** The list as the server holds it; the handler cuts it into pages. */
export const githubOperations: Pick<
  OperationListResponse['data'],
  'apiId' | 'servers' | 'operations'
> = {
  apiId: 'github-com-api-github-com',
  servers: [
    {
      url: 'https://api.github.com',
      description: '',
    },
  ],
  operations: [
    {
      operationKey: 'meta/root',
      method: 'GET',
      path: '/',
      operationId: 'meta/root',
      summary: 'GitHub API Root',
      tags: ['meta'],
      deprecated: false,
    },
    {
      operationKey: 'issues/list',
      method: 'GET',
      path: '/issues',
      operationId: 'issues/list',
      summary: 'List issues assigned to the authenticated user',
      tags: ['issues'],
      deprecated: false,
    },
    {
      operationKey: 'meta/get',
      method: 'GET',
      path: '/meta',
      operationId: 'meta/get',
      summary: 'Get GitHub meta information',
      tags: ['meta'],
      deprecated: false,
    },
    {
      operationKey: 'meta/get-octocat',
      method: 'GET',
      path: '/octocat',
      operationId: 'meta/get-octocat',
      summary: 'Get Octocat',
      tags: ['meta'],
      deprecated: false,
    },
    {
      operationKey: 'issues/list-for-org',
      method: 'GET',
      path: '/orgs/{org}/issues',
      operationId: 'issues/list-for-org',
      summary: 'List organization issues assigned to the authenticated user',
      tags: ['issues'],
      deprecated: false,
    },
    {
      operationKey: 'repos/list-for-org',
      method: 'GET',
      path: '/orgs/{org}/repos',
      operationId: 'repos/list-for-org',
      summary: 'List organization repositories',
      tags: ['repos'],
      deprecated: false,
    },
    {
      operationKey: 'repos/create-in-org',
      method: 'POST',
      path: '/orgs/{org}/repos',
      operationId: 'repos/create-in-org',
      summary: 'Create an organization repository',
      tags: ['repos'],
      deprecated: false,
    },
    {
      operationKey: 'repos/get',
      method: 'GET',
      path: '/repos/{owner}/{repo}',
      operationId: 'repos/get',
      summary: 'Get a repository',
      tags: ['repos'],
      deprecated: false,
    },
    {
      operationKey: 'repos/delete',
      method: 'DELETE',
      path: '/repos/{owner}/{repo}',
      operationId: 'repos/delete',
      summary: 'Delete a repository',
      tags: ['repos'],
      deprecated: false,
    },
    {
      operationKey: 'repos/update',
      method: 'PATCH',
      path: '/repos/{owner}/{repo}',
      operationId: 'repos/update',
      summary: 'Update a repository',
      tags: ['repos'],
      deprecated: false,
    },
    {
      operationKey: 'issues/list-assignees',
      method: 'GET',
      path: '/repos/{owner}/{repo}/assignees',
      operationId: 'issues/list-assignees',
      summary: 'List assignees',
      tags: ['issues'],
      deprecated: false,
    },
    {
      operationKey: 'issues/check-user-can-be-assigned',
      method: 'GET',
      path: '/repos/{owner}/{repo}/assignees/{assignee}',
      operationId: 'issues/check-user-can-be-assigned',
      summary: 'Check if a user can be assigned',
      tags: ['issues'],
      deprecated: false,
    },
    {
      operationKey: 'repos/list-autolinks',
      method: 'GET',
      path: '/repos/{owner}/{repo}/autolinks',
      operationId: 'repos/list-autolinks',
      summary: 'List all autolinks of a repository',
      tags: ['repos'],
      deprecated: false,
    },
    {
      operationKey: 'repos/create-autolink',
      method: 'POST',
      path: '/repos/{owner}/{repo}/autolinks',
      operationId: 'repos/create-autolink',
      summary: 'Create an autolink reference for a repository',
      tags: ['repos'],
      deprecated: false,
    },
    {
      operationKey: 'repos/get-autolink',
      method: 'GET',
      path: '/repos/{owner}/{repo}/autolinks/{autolink_id}',
      operationId: 'repos/get-autolink',
      summary: 'Get an autolink reference of a repository',
      tags: ['repos'],
      deprecated: false,
    },
    {
      operationKey: 'repos/delete-autolink',
      method: 'DELETE',
      path: '/repos/{owner}/{repo}/autolinks/{autolink_id}',
      operationId: 'repos/delete-autolink',
      summary: 'Delete an autolink reference from a repository',
      tags: ['repos'],
      deprecated: false,
    },
    {
      operationKey: 'repos/enable-automated-security-fixes',
      method: 'PUT',
      path: '/repos/{owner}/{repo}/automated-security-fixes',
      operationId: 'repos/enable-automated-security-fixes',
      summary: 'Enable automated security fixes',
      tags: ['repos'],
      deprecated: false,
    },
    {
      operationKey: 'repos/disable-automated-security-fixes',
      method: 'DELETE',
      path: '/repos/{owner}/{repo}/automated-security-fixes',
      operationId: 'repos/disable-automated-security-fixes',
      summary: 'Disable automated security fixes',
      tags: ['repos'],
      deprecated: false,
    },
    {
      operationKey: 'repos/list-branches',
      method: 'GET',
      path: '/repos/{owner}/{repo}/branches',
      operationId: 'repos/list-branches',
      summary: 'List branches',
      tags: ['repos'],
      deprecated: false,
    },
    {
      operationKey: 'repos/get-branch',
      method: 'GET',
      path: '/repos/{owner}/{repo}/branches/{branch}',
      operationId: 'repos/get-branch',
      summary: 'Get a branch',
      tags: ['repos'],
      deprecated: false,
    },
    {
      operationKey: 'repos/get-branch-protection',
      method: 'GET',
      path: '/repos/{owner}/{repo}/branches/{branch}/protection',
      operationId: 'repos/get-branch-protection',
      summary: 'Get branch protection',
      tags: ['repos'],
      deprecated: false,
    },
    {
      operationKey: 'repos/update-branch-protection',
      method: 'PUT',
      path: '/repos/{owner}/{repo}/branches/{branch}/protection',
      operationId: 'repos/update-branch-protection',
      summary: 'Update branch protection',
      tags: ['repos'],
      deprecated: false,
    },
    {
      operationKey: 'repos/delete-branch-protection',
      method: 'DELETE',
      path: '/repos/{owner}/{repo}/branches/{branch}/protection',
      operationId: 'repos/delete-branch-protection',
      summary: 'Delete branch protection',
      tags: ['repos'],
      deprecated: false,
    },
    {
      operationKey: 'repos/get-admin-branch-protection',
      method: 'GET',
      path: '/repos/{owner}/{repo}/branches/{branch}/protection/enforce_admins',
      operationId: 'repos/get-admin-branch-protection',
      summary: 'Get admin branch protection',
      tags: ['repos'],
      deprecated: false,
    },
    {
      operationKey: 'repos/set-admin-branch-protection',
      method: 'POST',
      path: '/repos/{owner}/{repo}/branches/{branch}/protection/enforce_admins',
      operationId: 'repos/set-admin-branch-protection',
      summary: 'Set admin branch protection',
      tags: ['repos'],
      deprecated: false,
    },
    {
      operationKey: 'repos/delete-admin-branch-protection',
      method: 'DELETE',
      path: '/repos/{owner}/{repo}/branches/{branch}/protection/enforce_admins',
      operationId: 'repos/delete-admin-branch-protection',
      summary: 'Delete admin branch protection',
      tags: ['repos'],
      deprecated: false,
    },
    {
      operationKey: 'repos/get-pull-request-review-protection',
      method: 'GET',
      path: '/repos/{owner}/{repo}/branches/{branch}/protection/required_pull_request_reviews',
      operationId: 'repos/get-pull-request-review-protection',
      summary: 'Get pull request review protection',
      tags: ['repos'],
      deprecated: false,
    },
    {
      operationKey: 'repos/delete-pull-request-review-protection',
      method: 'DELETE',
      path: '/repos/{owner}/{repo}/branches/{branch}/protection/required_pull_request_reviews',
      operationId: 'repos/delete-pull-request-review-protection',
      summary: 'Delete pull request review protection',
      tags: ['repos'],
      deprecated: false,
    },
    {
      operationKey: 'repos/update-pull-request-review-protection',
      method: 'PATCH',
      path: '/repos/{owner}/{repo}/branches/{branch}/protection/required_pull_request_reviews',
      operationId: 'repos/update-pull-request-review-protection',
      summary: 'Update pull request review protection',
      tags: ['repos'],
      deprecated: false,
    },
    {
      operationKey: 'repos/get-commit-signature-protection',
      method: 'GET',
      path: '/repos/{owner}/{repo}/branches/{branch}/protection/required_signatures',
      operationId: 'repos/get-commit-signature-protection',
      summary: 'Get commit signature protection',
      tags: ['repos'],
      deprecated: false,
    },
    {
      operationKey: 'repos/create-commit-signature-protection',
      method: 'POST',
      path: '/repos/{owner}/{repo}/branches/{branch}/protection/required_signatures',
      operationId: 'repos/create-commit-signature-protection',
      summary: 'Create commit signature protection',
      tags: ['repos'],
      deprecated: false,
    },
    {
      operationKey: 'repos/delete-commit-signature-protection',
      method: 'DELETE',
      path: '/repos/{owner}/{repo}/branches/{branch}/protection/required_signatures',
      operationId: 'repos/delete-commit-signature-protection',
      summary: 'Delete commit signature protection',
      tags: ['repos'],
      deprecated: false,
    },
    {
      operationKey: 'repos/get-status-checks-protection',
      method: 'GET',
      path: '/repos/{owner}/{repo}/branches/{branch}/protection/required_status_checks',
      operationId: 'repos/get-status-checks-protection',
      summary: 'Get status checks protection',
      tags: ['repos'],
      deprecated: false,
    },
    {
      operationKey: 'repos/remove-status-check-protection',
      method: 'DELETE',
      path: '/repos/{owner}/{repo}/branches/{branch}/protection/required_status_checks',
      operationId: 'repos/remove-status-check-protection',
      summary: 'Remove status check protection',
      tags: ['repos'],
      deprecated: false,
    },
    {
      operationKey: 'repos/update-status-check-protection',
      method: 'PATCH',
      path: '/repos/{owner}/{repo}/branches/{branch}/protection/required_status_checks',
      operationId: 'repos/update-status-check-protection',
      summary: 'Update status check protection',
      tags: ['repos'],
      deprecated: false,
    },
    {
      operationKey: 'repos/get-all-status-check-contexts',
      method: 'GET',
      path: '/repos/{owner}/{repo}/branches/{branch}/protection/required_status_checks/contexts',
      operationId: 'repos/get-all-status-check-contexts',
      summary: 'Get all status check contexts',
      tags: ['repos'],
      deprecated: false,
    },
    {
      operationKey: 'repos/set-status-check-contexts',
      method: 'PUT',
      path: '/repos/{owner}/{repo}/branches/{branch}/protection/required_status_checks/contexts',
      operationId: 'repos/set-status-check-contexts',
      summary: 'Set status check contexts',
      tags: ['repos'],
      deprecated: false,
    },
    {
      operationKey: 'repos/add-status-check-contexts',
      method: 'POST',
      path: '/repos/{owner}/{repo}/branches/{branch}/protection/required_status_checks/contexts',
      operationId: 'repos/add-status-check-contexts',
      summary: 'Add status check contexts',
      tags: ['repos'],
      deprecated: false,
    },
    {
      operationKey: 'repos/remove-status-check-contexts',
      method: 'DELETE',
      path: '/repos/{owner}/{repo}/branches/{branch}/protection/required_status_checks/contexts',
      operationId: 'repos/remove-status-check-contexts',
      summary: 'Remove status check contexts',
      tags: ['repos'],
      deprecated: false,
    },
    {
      operationKey: 'repos/get-access-restrictions',
      method: 'GET',
      path: '/repos/{owner}/{repo}/branches/{branch}/protection/restrictions',
      operationId: 'repos/get-access-restrictions',
      summary: 'Get access restrictions',
      tags: ['repos'],
      deprecated: false,
    },
    {
      operationKey: 'issues/create',
      method: 'POST',
      path: '/repos/{owner}/{repo}/issues',
      operationId: 'issues/create',
      summary: 'Create an issue',
      tags: ['issues'],
      deprecated: false,
    },
    {
      operationKey: 'teams/get-legacy',
      method: 'GET',
      path: '/teams/{team_id}',
      operationId: 'teams/get-legacy',
      summary: 'Get a team (Legacy)',
      tags: ['teams'],
      deprecated: true,
    },
  ],
}

/** POST /repos/{owner}/{repo}/issues: path parameters, a JSON body and a 201 with its schema. */
export const createIssueOperation: OperationDetail = {
  operationKey: 'issues/create',
  method: 'POST',
  path: '/repos/{owner}/{repo}/issues',
  operationId: 'issues/create',
  summary: 'Create an issue',
  tags: ['issues'],
  deprecated: false,
  apiId: 'github-com-api-github-com',
  description:
    'Any user with pull access to a repository can create an issue. If [issues are disabled in the repository](https://docs.github.com/articles/disabling-issues/), the API returns a `410 Gone` status.\n\nThis endpoint triggers [notifications](https://docs.github.com/github/managing-subscriptions-and-notifications-on-github/about-notifications). Creating content too quickly using this endpoint may result in secondary rate limiting. See "[Secondary rate limits](https://docs.github.com/rest/overview/resources-in-the-rest-api#secondary-rate-limits)" and "[Dealing with secondary rate limits](https://docs.github.com/rest/guides/best-practices-for-integrators#dealing-with-secondary-rate-limits)" for details.',
  descriptionHtml:
    '<p>Any user with pull access to a repository can create an issue. If <a href="https://docs.github.com/articles/disabling-issues/" target="_blank" rel="noopener noreferrer nofollow">issues are disabled in the repository</a>, the API returns a <code>410 Gone</code> status.</p>\n<p>This endpoint triggers <a href="https://docs.github.com/github/managing-subscriptions-and-notifications-on-github/about-notifications" target="_blank" rel="noopener noreferrer nofollow">notifications</a>. Creating content too quickly using this endpoint may result in secondary rate limiting. See "<a href="https://docs.github.com/rest/overview/resources-in-the-rest-api#secondary-rate-limits" target="_blank" rel="noopener noreferrer nofollow">Secondary rate limits</a>" and "<a href="https://docs.github.com/rest/guides/best-practices-for-integrators#dealing-with-secondary-rate-limits" target="_blank" rel="noopener noreferrer nofollow">Dealing with secondary rate limits</a>" for details.</p>',
  parameters: [
    {
      name: 'owner',
      in: 'path',
      required: true,
      type: 'string',
      description: 'The account owner of the repository. The name is not case sensitive.',
    },
    {
      name: 'repo',
      in: 'path',
      required: true,
      type: 'string',
      description: 'The name of the repository. The name is not case sensitive.',
    },
  ],
  requestBody: {
    required: true,
    description: '',
    content: [
      {
        mediaType: 'application/json',
        schema: {
          tree: {
            type: 'object',
            children: [
              {
                type: 'string | null',
                name: 'assignee',
                description:
                  'Login for the user that this issue should be assigned to. NOTE: Only users with push access can set the assignee for new issues. The assignee is silently dropped otherwise.',
              },
              {
                type: 'array<string>',
                name: 'assignees',
                description:
                  'Logins for Users to assign to this issue. NOTE: Only users with push access can set assignees for new issues. Assignees are silently dropped otherwise.',
              },
              {
                type: 'string',
                name: 'body',
                description: 'The contents of the issue.',
              },
              {
                type: 'array<oneOf>',
                name: 'labels',
                description:
                  'Labels to associate with this issue. NOTE: Only users with push access can set labels for new issues. Labels are silently dropped otherwise.',
                children: [
                  {
                    type: 'string',
                    name: 'option 1',
                  },
                  {
                    type: 'object',
                    name: 'option 2',
                    children: [
                      {
                        type: 'string | null',
                        name: 'color',
                      },
                      {
                        type: 'string | null',
                        name: 'description',
                      },
                      {
                        type: 'integer',
                        name: 'id',
                      },
                      {
                        type: 'string',
                        name: 'name',
                      },
                    ],
                  },
                ],
              },
              {
                type: 'oneOf | null',
                name: 'milestone',
                children: [
                  {
                    type: 'string',
                    name: 'option 1',
                  },
                  {
                    type: 'integer',
                    name: 'option 2',
                    description:
                      'The number of the milestone to associate this issue with. NOTE: Only users with push access can set the milestone for new issues. The milestone is silently dropped otherwise.',
                  },
                ],
              },
              {
                type: 'oneOf',
                name: 'title',
                required: true,
                description: 'The title of the issue.',
                children: [
                  {
                    type: 'string',
                    name: 'option 1',
                  },
                  {
                    type: 'integer',
                    name: 'option 2',
                  },
                ],
              },
            ],
          },
          example: {
            assignees: ['octocat'],
            body: "I'm having a problem with this.",
            labels: ['bug'],
            milestone: 1,
            title: 'Found a bug',
          },
          exampleSource: 'document',
          truncated: false,
        },
      },
    ],
  },
  responses: [
    {
      status: '201',
      description: 'Response',
      mediaTypes: ['application/json'],
      schema: {
        tree: {
          type: 'object',
          description:
            'Issues are a great way to keep track of tasks, enhancements, and bugs for your projects.',
          children: [
            {
              type: 'string | null',
              name: 'active_lock_reason',
            },
            {
              type: 'object | null',
              name: 'assignee',
              required: true,
              description: 'A GitHub user.',
              children: [
                {
                  type: 'string',
                  name: 'avatar_url',
                  format: 'uri',
                  required: true,
                  example: 'https://github.com/images/error/octocat_happy.gif',
                },
                {
                  type: 'string | null',
                  name: 'email',
                },
                {
                  type: 'string',
                  name: 'events_url',
                  required: true,
                  example: 'https://api.github.com/users/octocat/events{/privacy}',
                },
                {
                  type: 'string',
                  name: 'followers_url',
                  format: 'uri',
                  required: true,
                  example: 'https://api.github.com/users/octocat/followers',
                },
                {
                  type: 'string',
                  name: 'following_url',
                  required: true,
                  example: 'https://api.github.com/users/octocat/following{/other_user}',
                },
                {
                  type: 'string',
                  name: 'gists_url',
                  required: true,
                  example: 'https://api.github.com/users/octocat/gists{/gist_id}',
                },
                {
                  type: 'string | null',
                  name: 'gravatar_id',
                  required: true,
                  example: '41d064eb2195891e12d0413f63227ea7',
                },
                {
                  type: 'string',
                  name: 'html_url',
                  format: 'uri',
                  required: true,
                  example: 'https://github.com/octocat',
                },
                {
                  type: 'integer',
                  name: 'id',
                  required: true,
                  example: 1,
                },
                {
                  type: 'string',
                  name: 'login',
                  required: true,
                  example: 'octocat',
                },
                {
                  type: 'string | null',
                  name: 'name',
                },
                {
                  type: 'string',
                  name: 'node_id',
                  required: true,
                  example: 'MDQ6VXNlcjE=',
                },
                {
                  type: 'string',
                  name: 'organizations_url',
                  format: 'uri',
                  required: true,
                  example: 'https://api.github.com/users/octocat/orgs',
                },
                {
                  type: 'string',
                  name: 'received_events_url',
                  format: 'uri',
                  required: true,
                  example: 'https://api.github.com/users/octocat/received_events',
                },
                {
                  type: 'string',
                  name: 'repos_url',
                  format: 'uri',
                  required: true,
                  example: 'https://api.github.com/users/octocat/repos',
                },
                {
                  type: 'boolean',
                  name: 'site_admin',
                  required: true,
                },
                {
                  type: 'string',
                  name: 'starred_at',
                  example: '"2020-07-09T00:17:55Z"',
                },
                {
                  type: 'string',
                  name: 'starred_url',
                  required: true,
                  example: 'https://api.github.com/users/octocat/starred{/owner}{/repo}',
                },
                {
                  type: 'string',
                  name: 'subscriptions_url',
                  format: 'uri',
                  required: true,
                  example: 'https://api.github.com/users/octocat/subscriptions',
                },
                {
                  type: 'string',
                  name: 'type',
                  required: true,
                  example: 'User',
                },
                {
                  type: 'string',
                  name: 'url',
                  format: 'uri',
                  required: true,
                  example: 'https://api.github.com/users/octocat',
                },
              ],
            },
            {
              type: 'array<object> | null',
              name: 'assignees',
              children: [
                {
                  type: 'string',
                  name: 'avatar_url',
                  format: 'uri',
                  required: true,
                  example: 'https://github.com/images/error/octocat_happy.gif',
                },
                {
                  type: 'string | null',
                  name: 'email',
                },
                {
                  type: 'string',
                  name: 'events_url',
                  required: true,
                  example: 'https://api.github.com/users/octocat/events{/privacy}',
                },
                {
                  type: 'string',
                  name: 'followers_url',
                  format: 'uri',
                  required: true,
                  example: 'https://api.github.com/users/octocat/followers',
                },
                {
                  type: 'string',
                  name: 'following_url',
                  required: true,
                  example: 'https://api.github.com/users/octocat/following{/other_user}',
                },
                {
                  type: 'string',
                  name: 'gists_url',
                  required: true,
                  example: 'https://api.github.com/users/octocat/gists{/gist_id}',
                },
                {
                  type: 'string | null',
                  name: 'gravatar_id',
                  required: true,
                  example: '41d064eb2195891e12d0413f63227ea7',
                },
                {
                  type: 'string',
                  name: 'html_url',
                  format: 'uri',
                  required: true,
                  example: 'https://github.com/octocat',
                },
                {
                  type: 'integer',
                  name: 'id',
                  required: true,
                  example: 1,
                },
                {
                  type: 'string',
                  name: 'login',
                  required: true,
                  example: 'octocat',
                },
                {
                  type: 'string | null',
                  name: 'name',
                },
                {
                  type: 'string',
                  name: 'node_id',
                  required: true,
                  example: 'MDQ6VXNlcjE=',
                },
                {
                  type: 'string',
                  name: 'organizations_url',
                  format: 'uri',
                  required: true,
                  example: 'https://api.github.com/users/octocat/orgs',
                },
                {
                  type: 'string',
                  name: 'received_events_url',
                  format: 'uri',
                  required: true,
                  example: 'https://api.github.com/users/octocat/received_events',
                },
                {
                  type: 'string',
                  name: 'repos_url',
                  format: 'uri',
                  required: true,
                  example: 'https://api.github.com/users/octocat/repos',
                },
                {
                  type: 'boolean',
                  name: 'site_admin',
                  required: true,
                },
                {
                  type: 'string',
                  name: 'starred_at',
                  example: '"2020-07-09T00:17:55Z"',
                },
                {
                  type: 'string',
                  name: 'starred_url',
                  required: true,
                  example: 'https://api.github.com/users/octocat/starred{/owner}{/repo}',
                },
                {
                  type: 'string',
                  name: 'subscriptions_url',
                  format: 'uri',
                  required: true,
                  example: 'https://api.github.com/users/octocat/subscriptions',
                },
                {
                  type: 'string',
                  name: 'type',
                  required: true,
                  example: 'User',
                },
                {
                  type: 'string',
                  name: 'url',
                  format: 'uri',
                  required: true,
                  example: 'https://api.github.com/users/octocat',
                },
              ],
            },
            {
              type: 'string',
              name: 'author_association',
              required: true,
              description: 'How the author is associated with the repository.',
              enum: [
                'COLLABORATOR',
                'CONTRIBUTOR',
                'FIRST_TIMER',
                'FIRST_TIME_CONTRIBUTOR',
                'MANNEQUIN',
                'MEMBER',
                'NONE',
                'OWNER',
              ],
              example: 'OWNER',
            },
            {
              type: 'string | null',
              name: 'body',
              description: 'Contents of the issue',
              example:
                'It looks like the new widget form is broken on Safari. When I try and create the widget, Safari crashes. This is reproducible on 10.8, but not 10.9. Maybe a browser bug?',
            },
            {
              type: 'string',
              name: 'body_html',
            },
            {
              type: 'string',
              name: 'body_text',
            },
            {
              type: 'string | null',
              name: 'closed_at',
              format: 'date-time',
              required: true,
            },
            {
              type: 'object | null',
              name: 'closed_by',
              description: 'A GitHub user.',
              children: [
                {
                  type: 'string',
                  name: 'avatar_url',
                  format: 'uri',
                  required: true,
                  example: 'https://github.com/images/error/octocat_happy.gif',
                },
                {
                  type: 'string | null',
                  name: 'email',
                },
                {
                  type: 'string',
                  name: 'events_url',
                  required: true,
                  example: 'https://api.github.com/users/octocat/events{/privacy}',
                },
                {
                  type: 'string',
                  name: 'followers_url',
                  format: 'uri',
                  required: true,
                  example: 'https://api.github.com/users/octocat/followers',
                },
                {
                  type: 'string',
                  name: 'following_url',
                  required: true,
                  example: 'https://api.github.com/users/octocat/following{/other_user}',
                },
                {
                  type: 'string',
                  name: 'gists_url',
                  required: true,
                  example: 'https://api.github.com/users/octocat/gists{/gist_id}',
                },
                {
                  type: 'string | null',
                  name: 'gravatar_id',
                  required: true,
                  example: '41d064eb2195891e12d0413f63227ea7',
                },
                {
                  type: 'string',
                  name: 'html_url',
                  format: 'uri',
                  required: true,
                  example: 'https://github.com/octocat',
                },
                {
                  type: 'integer',
                  name: 'id',
                  required: true,
                  example: 1,
                },
                {
                  type: 'string',
                  name: 'login',
                  required: true,
                  example: 'octocat',
                },
                {
                  type: 'string | null',
                  name: 'name',
                },
                {
                  type: 'string',
                  name: 'node_id',
                  required: true,
                  example: 'MDQ6VXNlcjE=',
                },
                {
                  type: 'string',
                  name: 'organizations_url',
                  format: 'uri',
                  required: true,
                  example: 'https://api.github.com/users/octocat/orgs',
                },
                {
                  type: 'string',
                  name: 'received_events_url',
                  format: 'uri',
                  required: true,
                  example: 'https://api.github.com/users/octocat/received_events',
                },
                {
                  type: 'string',
                  name: 'repos_url',
                  format: 'uri',
                  required: true,
                  example: 'https://api.github.com/users/octocat/repos',
                },
                {
                  type: 'boolean',
                  name: 'site_admin',
                  required: true,
                },
                {
                  type: 'string',
                  name: 'starred_at',
                  example: '"2020-07-09T00:17:55Z"',
                },
                {
                  type: 'string',
                  name: 'starred_url',
                  required: true,
                  example: 'https://api.github.com/users/octocat/starred{/owner}{/repo}',
                },
                {
                  type: 'string',
                  name: 'subscriptions_url',
                  format: 'uri',
                  required: true,
                  example: 'https://api.github.com/users/octocat/subscriptions',
                },
                {
                  type: 'string',
                  name: 'type',
                  required: true,
                  example: 'User',
                },
                {
                  type: 'string',
                  name: 'url',
                  format: 'uri',
                  required: true,
                  example: 'https://api.github.com/users/octocat',
                },
              ],
            },
            {
              type: 'integer',
              name: 'comments',
              required: true,
            },
            {
              type: 'string',
              name: 'comments_url',
              format: 'uri',
              required: true,
            },
            {
              type: 'string',
              name: 'created_at',
              format: 'date-time',
              required: true,
            },
            {
              type: 'boolean',
              name: 'draft',
            },
            {
              type: 'string',
              name: 'events_url',
              format: 'uri',
              required: true,
            },
            {
              type: 'string',
              name: 'html_url',
              format: 'uri',
              required: true,
            },
            {
              type: 'integer',
              name: 'id',
              required: true,
            },
            {
              type: 'array<oneOf>',
              name: 'labels',
              required: true,
              description:
                'Labels to associate with this issue; pass one or more label names to replace the set of labels on this issue; send an empty array to clear all labels from the issue; note that the labels are\u2026',
              example: ['bug', 'registration'],
              children: [
                {
                  type: 'string',
                  name: 'option 1',
                },
                {
                  type: 'object',
                  name: 'option 2',
                  children: [
                    {
                      type: 'string | null',
                      name: 'color',
                    },
                    {
                      type: 'boolean',
                      name: 'default',
                    },
                    {
                      type: 'string | null',
                      name: 'description',
                    },
                    {
                      type: 'integer',
                      name: 'id',
                      format: 'int64',
                    },
                    {
                      type: 'string',
                      name: 'name',
                    },
                    {
                      type: 'string',
                      name: 'node_id',
                    },
                    {
                      type: 'string',
                      name: 'url',
                      format: 'uri',
                    },
                  ],
                },
              ],
            },
            {
              type: 'string',
              name: 'labels_url',
              required: true,
            },
            {
              type: 'boolean',
              name: 'locked',
              required: true,
            },
            {
              type: 'object | null',
              name: 'milestone',
              required: true,
              description: 'A collection of related issues and pull requests.',
              children: [
                {
                  type: 'string | null',
                  name: 'closed_at',
                  format: 'date-time',
                  required: true,
                  example: '2025-10-15T13:53:41.033Z',
                },
                {
                  type: 'integer',
                  name: 'closed_issues',
                  required: true,
                  example: 8,
                },
                {
                  type: 'string',
                  name: 'created_at',
                  format: 'date-time',
                  required: true,
                  example: '2025-10-15T13:53:41.033Z',
                },
                {
                  type: 'object | null',
                  name: 'creator',
                  required: true,
                  description: 'A GitHub user.',
                  children: [
                    {
                      type: 'string',
                      name: 'avatar_url',
                      format: 'uri',
                      required: true,
                      example: 'https://github.com/images/error/octocat_happy.gif',
                    },
                    {
                      type: 'string | null',
                      name: 'email',
                    },
                    {
                      type: 'string',
                      name: 'events_url',
                      required: true,
                      example: 'https://api.github.com/users/octocat/events{/privacy}',
                    },
                    {
                      type: 'string',
                      name: 'followers_url',
                      format: 'uri',
                      required: true,
                      example: 'https://api.github.com/users/octocat/followers',
                    },
                    {
                      type: 'string',
                      name: 'following_url',
                      required: true,
                      example: 'https://api.github.com/users/octocat/following{/other_user}',
                    },
                    {
                      type: 'string',
                      name: 'gists_url',
                      required: true,
                      example: 'https://api.github.com/users/octocat/gists{/gist_id}',
                    },
                    {
                      type: 'string | null',
                      name: 'gravatar_id',
                      required: true,
                      example: '41d064eb2195891e12d0413f63227ea7',
                    },
                    {
                      type: 'string',
                      name: 'html_url',
                      format: 'uri',
                      required: true,
                      example: 'https://github.com/octocat',
                    },
                    {
                      type: 'integer',
                      name: 'id',
                      required: true,
                      example: 1,
                    },
                    {
                      type: 'string',
                      name: 'login',
                      required: true,
                      example: 'octocat',
                    },
                    {
                      type: 'string | null',
                      name: 'name',
                    },
                    {
                      type: 'string',
                      name: 'node_id',
                      required: true,
                      example: 'MDQ6VXNlcjE=',
                    },
                    {
                      type: 'string',
                      name: 'organizations_url',
                      format: 'uri',
                      required: true,
                      example: 'https://api.github.com/users/octocat/orgs',
                    },
                    {
                      type: 'string',
                      name: 'received_events_url',
                      format: 'uri',
                      required: true,
                      example: 'https://api.github.com/users/octocat/received_events',
                    },
                    {
                      type: 'string',
                      name: 'repos_url',
                      format: 'uri',
                      required: true,
                      example: 'https://api.github.com/users/octocat/repos',
                    },
                    {
                      type: 'boolean',
                      name: 'site_admin',
                      required: true,
                    },
                    {
                      type: 'string',
                      name: 'starred_at',
                      example: '"2020-07-09T00:17:55Z"',
                    },
                    {
                      type: 'string',
                      name: 'starred_url',
                      required: true,
                      example: 'https://api.github.com/users/octocat/starred{/owner}{/repo}',
                    },
                    {
                      type: 'string',
                      name: 'subscriptions_url',
                      format: 'uri',
                      required: true,
                      example: 'https://api.github.com/users/octocat/subscriptions',
                    },
                    {
                      type: 'string',
                      name: 'type',
                      required: true,
                      example: 'User',
                    },
                    {
                      type: 'string',
                      name: 'url',
                      format: 'uri',
                      required: true,
                      example: 'https://api.github.com/users/octocat',
                    },
                  ],
                },
                {
                  type: 'string | null',
                  name: 'description',
                  required: true,
                  example: 'Tracking milestone for version 1.0',
                },
                {
                  type: 'string | null',
                  name: 'due_on',
                  format: 'date-time',
                  required: true,
                  example: '2025-10-15T13:53:41.033Z',
                },
              ],
              truncated: true,
            },
          ],
          truncated: true,
        },
        example: {
          assignee: {},
          assignees: [],
          closed_by: {},
          labels: [],
          milestone: {},
          performed_via_github_app: {},
          pull_request: {},
          reactions: {},
          repository: {},
          user: {},
        },
        exampleSource: 'generated',
        truncated: true,
      },
    },
    {
      status: '403',
      description: 'Forbidden',
      mediaTypes: ['application/json'],
      schema: null,
    },
    {
      status: '404',
      description: 'Resource not found',
      mediaTypes: ['application/json'],
      schema: null,
    },
    {
      status: '410',
      description: 'Gone',
      mediaTypes: ['application/json'],
      schema: null,
    },
    {
      status: '422',
      description: 'Validation failed, or the endpoint has been spammed.',
      mediaTypes: ['application/json'],
      schema: null,
    },
    {
      status: '503',
      description: 'Service unavailable',
      mediaTypes: ['application/json'],
      schema: null,
    },
  ],
  security: [],
  servers: [
    {
      url: 'https://api.github.com',
      description: '',
    },
  ],
}

/** A deprecated operation. */
export const deprecatedOperation: OperationDetail = {
  operationKey: 'teams/get-legacy',
  method: 'GET',
  path: '/teams/{team_id}',
  operationId: 'teams/get-legacy',
  summary: 'Get a team (Legacy)',
  tags: ['teams'],
  deprecated: true,
  apiId: 'github-com-api-github-com',
  description:
    '**Deprecation Notice:** This endpoint route is deprecated and will be removed from the Teams API. We recommend migrating your existing code to use the [Get a team by name](https://docs.github.com/rest/reference/teams#get-a-team-by-name) endpoint.',
  descriptionHtml:
    '<p><strong>Deprecation Notice:</strong> This endpoint route is deprecated and will be removed from the Teams API. We recommend migrating your existing code to use the <a href="https://docs.github.com/rest/reference/teams#get-a-team-by-name" target="_blank" rel="noopener noreferrer nofollow">Get a team by name</a> endpoint.</p>',
  parameters: [
    {
      name: 'team_id',
      in: 'path',
      required: true,
      type: 'integer',
      description: 'The unique identifier of the team.',
    },
  ],
  requestBody: null,
  responses: [
    {
      status: '200',
      description: 'Response',
      mediaTypes: ['application/json'],
      schema: {
        tree: {
          type: 'object',
          description:
            'Groups of organization members that gives permissions on specified repositories.',
          children: [
            {
              type: 'string',
              name: 'created_at',
              format: 'date-time',
              required: true,
              example: '2025-10-15T13:53:41.037Z',
            },
            {
              type: 'string | null',
              name: 'description',
              required: true,
              example: 'A great team.',
            },
            {
              type: 'string',
              name: 'html_url',
              format: 'uri',
              required: true,
              example: 'https://github.com/orgs/rails/teams/core',
            },
            {
              type: 'integer',
              name: 'id',
              required: true,
              description: 'Unique identifier of the team',
              example: 42,
            },
            {
              type: 'string',
              name: 'ldap_dn',
              description: 'Distinguished Name (DN) that team maps to within LDAP environment',
              example: 'uid=example,ou=users,dc=github,dc=com',
            },
            {
              type: 'integer',
              name: 'members_count',
              required: true,
              example: 3,
            },
            {
              type: 'string',
              name: 'members_url',
              required: true,
              example: 'https://api.github.com/organizations/1/team/1/members{/member}',
            },
            {
              type: 'string',
              name: 'name',
              required: true,
              description: 'Name of the team',
              example: 'Developers',
            },
            {
              type: 'string',
              name: 'node_id',
              required: true,
              example: 'MDQ6VGVhbTE=',
            },
            {
              type: 'object',
              name: 'organization',
              required: true,
              description: 'Team Organization',
              children: [
                {
                  type: 'string',
                  name: 'avatar_url',
                  required: true,
                  example: 'https://github.com/images/error/octocat_happy.gif',
                },
                {
                  type: 'string | null',
                  name: 'billing_email',
                  format: 'email',
                  example: 'org@example.com',
                },
                {
                  type: 'string',
                  name: 'blog',
                  format: 'uri',
                  example: 'https://github.com/blog',
                },
                {
                  type: 'integer | null',
                  name: 'collaborators',
                  example: 8,
                },
                {
                  type: 'string',
                  name: 'company',
                  example: 'GitHub',
                },
                {
                  type: 'string',
                  name: 'created_at',
                  format: 'date-time',
                  required: true,
                  example: '2025-10-15T13:53:41.037Z',
                },
                {
                  type: 'string | null',
                  name: 'default_repository_permission',
                },
                {
                  type: 'string | null',
                  name: 'description',
                  required: true,
                  example: 'A great organization',
                },
                {
                  type: 'integer | null',
                  name: 'disk_usage',
                  example: 10000,
                },
                {
                  type: 'string',
                  name: 'email',
                  format: 'email',
                  example: 'octocat@github.com',
                },
                {
                  type: 'string',
                  name: 'events_url',
                  format: 'uri',
                  required: true,
                  example: 'https://api.github.com/orgs/github/events',
                },
                {
                  type: 'integer',
                  name: 'followers',
                  required: true,
                  example: 20,
                },
                {
                  type: 'integer',
                  name: 'following',
                  required: true,
                  example: 0,
                },
                {
                  type: 'boolean',
                  name: 'has_organization_projects',
                  required: true,
                  example: true,
                },
                {
                  type: 'boolean',
                  name: 'has_repository_projects',
                  required: true,
                  example: true,
                },
                {
                  type: 'string',
                  name: 'hooks_url',
                  required: true,
                  example: 'https://api.github.com/orgs/github/hooks',
                },
                {
                  type: 'string',
                  name: 'html_url',
                  format: 'uri',
                  required: true,
                  example: 'https://github.com/octocat',
                },
                {
                  type: 'integer',
                  name: 'id',
                  required: true,
                  example: 1,
                },
                {
                  type: 'boolean',
                  name: 'is_verified',
                  example: true,
                },
                {
                  type: 'string',
                  name: 'issues_url',
                  required: true,
                  example: 'https://api.github.com/orgs/github/issues',
                },
                {
                  type: 'string',
                  name: 'location',
                  example: 'San Francisco',
                },
                {
                  type: 'string',
                  name: 'login',
                  required: true,
                  example: 'github',
                },
                {
                  type: 'string',
                  name: 'members_allowed_repository_creation_type',
                  example: 'all',
                },
                {
                  type: 'boolean',
                  name: 'members_can_create_internal_repositories',
                  example: true,
                },
                {
                  type: 'boolean',
                  name: 'members_can_create_pages',
                  example: true,
                },
                {
                  type: 'boolean',
                  name: 'members_can_create_private_pages',
                  example: true,
                },
                {
                  type: 'boolean',
                  name: 'members_can_create_private_repositories',
                  example: true,
                },
                {
                  type: 'boolean',
                  name: 'members_can_create_public_pages',
                  example: true,
                },
                {
                  type: 'boolean',
                  name: 'members_can_create_public_repositories',
                  example: true,
                },
                {
                  type: 'boolean | null',
                  name: 'members_can_create_repositories',
                  example: true,
                },
                {
                  type: 'boolean | null',
                  name: 'members_can_fork_private_repositories',
                  example: false,
                },
                {
                  type: 'string',
                  name: 'members_url',
                  required: true,
                  example: 'https://api.github.com/orgs/github/members{/member}',
                },
                {
                  type: 'string',
                  name: 'name',
                  example: 'github',
                },
                {
                  type: 'string',
                  name: 'node_id',
                  required: true,
                  example: 'MDEyOk9yZ2FuaXphdGlvbjE=',
                },
                {
                  type: 'integer',
                  name: 'owned_private_repos',
                  example: 100,
                },
                {
                  type: 'object',
                  name: 'plan',
                  children: [
                    {
                      type: 'integer',
                      name: 'filled_seats',
                    },
                    {
                      type: 'string',
                      name: 'name',
                      required: true,
                    },
                    {
                      type: 'integer',
                      name: 'private_repos',
                      required: true,
                    },
                    {
                      type: 'integer',
                      name: 'seats',
                    },
                    {
                      type: 'integer',
                      name: 'space',
                      required: true,
                    },
                  ],
                },
                {
                  type: 'integer | null',
                  name: 'private_gists',
                  example: 81,
                },
                {
                  type: 'integer',
                  name: 'public_gists',
                  required: true,
                  example: 1,
                },
                {
                  type: 'string',
                  name: 'public_members_url',
                  required: true,
                  example: 'https://api.github.com/orgs/github/public_members{/member}',
                },
                {
                  type: 'integer',
                  name: 'public_repos',
                  required: true,
                  example: 2,
                },
                {
                  type: 'string',
                  name: 'repos_url',
                  format: 'uri',
                  required: true,
                  example: 'https://api.github.com/orgs/github/repos',
                },
                {
                  type: 'integer',
                  name: 'total_private_repos',
                  example: 100,
                },
                {
                  type: 'string | null',
                  name: 'twitter_username',
                  example: 'github',
                },
                {
                  type: 'boolean | null',
                  name: 'two_factor_requirement_enabled',
                  example: true,
                },
                {
                  type: 'string',
                  name: 'type',
                  required: true,
                  example: 'Organization',
                },
                {
                  type: 'string',
                  name: 'updated_at',
                  format: 'date-time',
                  required: true,
                },
                {
                  type: 'string',
                  name: 'url',
                  format: 'uri',
                  required: true,
                  example: 'https://api.github.com/orgs/github',
                },
                {
                  type: 'boolean',
                  name: 'web_commit_signoff_required',
                  example: false,
                },
              ],
            },
            {
              type: 'object | null',
              name: 'parent',
              description:
                'Groups of organization members that gives permissions on specified repositories.',
              children: [
                {
                  type: 'string | null',
                  name: 'description',
                  required: true,
                  description: 'Description of the team',
                  example: 'A great team.',
                },
                {
                  type: 'string',
                  name: 'html_url',
                  format: 'uri',
                  required: true,
                  example: 'https://github.com/orgs/rails/teams/core',
                },
                {
                  type: 'integer',
                  name: 'id',
                  required: true,
                  description: 'Unique identifier of the team',
                  example: 1,
                },
                {
                  type: 'string',
                  name: 'ldap_dn',
                  description: 'Distinguished Name (DN) that team maps to within LDAP environment',
                  example: 'uid=example,ou=users,dc=github,dc=com',
                },
                {
                  type: 'string',
                  name: 'members_url',
                  required: true,
                  example: 'https://api.github.com/organizations/1/team/1/members{/member}',
                },
                {
                  type: 'string',
                  name: 'name',
                  required: true,
                  description: 'Name of the team',
                  example: 'Justice League',
                },
                {
                  type: 'string',
                  name: 'node_id',
                  required: true,
                  example: 'MDQ6VGVhbTE=',
                },
                {
                  type: 'string',
                  name: 'permission',
                  required: true,
                  description: 'Permission that the team will have for its repositories',
                  example: 'admin',
                },
                {
                  type: 'string',
                  name: 'privacy',
                  description: 'The level of privacy this team should have',
                  example: 'closed',
                },
                {
                  type: 'string',
                  name: 'repositories_url',
                  format: 'uri',
                  required: true,
                  example: 'https://api.github.com/organizations/1/team/1/repos',
                },
                {
                  type: 'string',
                  name: 'slug',
                  required: true,
                  example: 'justice-league',
                },
                {
                  type: 'string',
                  name: 'url',
                  format: 'uri',
                  required: true,
                  description: 'URL for the team',
                  example: 'https://api.github.com/organizations/1/team/1',
                },
              ],
            },
            {
              type: 'string',
              name: 'permission',
              required: true,
              description: 'Permission that the team will have for its repositories',
              example: 'push',
            },
            {
              type: 'string',
              name: 'privacy',
              description: 'The level of privacy this team should have',
              enum: ['closed', 'secret'],
              example: 'closed',
            },
            {
              type: 'integer',
              name: 'repos_count',
              required: true,
              example: 10,
            },
            {
              type: 'string',
              name: 'repositories_url',
              format: 'uri',
              required: true,
              example: 'https://api.github.com/organizations/1/team/1/repos',
            },
            {
              type: 'string',
              name: 'slug',
              required: true,
              example: 'justice-league',
            },
            {
              type: 'string',
              name: 'updated_at',
              format: 'date-time',
              required: true,
              example: '2025-10-15T13:53:41.037Z',
            },
            {
              type: 'string',
              name: 'url',
              format: 'uri',
              required: true,
              description: 'URL for the team',
              example: 'https://api.github.com/organizations/1/team/1',
            },
          ],
        },
        example: {
          created_at: '2025-10-15T13:53:41.020Z',
          description: 'A great team.',
          html_url: 'https://github.com/orgs/github/teams/justice-league',
          id: 1,
          members_count: 3,
          members_url: 'https://api.github.com/teams/1/members{/member}',
          name: 'Justice League',
          node_id: 'MDQ6VGVhbTE=',
          organization: {
            avatar_url: 'https://github.com/images/error/octocat_happy.gif',
            blog: 'https://github.com/blog',
            company: 'GitHub',
            created_at: '2025-10-15T13:53:41.020Z',
            description: 'A great organization',
            email: 'octocat@github.com',
            events_url: 'https://api.github.com/orgs/github/events',
            followers: 20,
            following: 0,
            has_organization_projects: true,
            has_repository_projects: true,
            hooks_url: 'https://api.github.com/orgs/github/hooks',
            html_url: 'https://github.com/octocat',
            id: 1,
            is_verified: true,
            issues_url: 'https://api.github.com/orgs/github/issues',
            location: 'San Francisco',
            login: 'github',
            members_url: 'https://api.github.com/orgs/github/members{/member}',
            name: 'github',
            node_id: 'MDEyOk9yZ2FuaXphdGlvbjE=',
            public_gists: 1,
            public_members_url: 'https://api.github.com/orgs/github/public_members{/member}',
            public_repos: 2,
            repos_url: 'https://api.github.com/orgs/github/repos',
            type: 'Organization',
            updated_at: '2025-10-15T13:53:41.020Z',
            url: 'https://api.github.com/orgs/github',
          },
          parent: null,
          permission: 'admin',
          privacy: 'closed',
          repos_count: 10,
          repositories_url: 'https://api.github.com/teams/1/repos',
          slug: 'justice-league',
          updated_at: '2025-10-15T13:53:41.020Z',
          url: 'https://api.github.com/teams/1',
        },
        exampleSource: 'document',
        truncated: false,
      },
    },
    {
      status: '404',
      description: 'Resource not found',
      mediaTypes: ['application/json'],
      schema: null,
    },
  ],
  security: [],
  servers: [
    {
      url: 'https://api.github.com',
      description: '',
    },
  ],
}

/** An operation with no parameters and no body. */
export const noParametersOperation: OperationDetail = {
  operationKey: 'meta/root',
  method: 'GET',
  path: '/',
  operationId: 'meta/root',
  summary: 'GitHub API Root',
  tags: ['meta'],
  deprecated: false,
  apiId: 'github-com-api-github-com',
  description: "Get Hypermedia links to resources accessible in GitHub's REST API",
  descriptionHtml: "<p>Get Hypermedia links to resources accessible in GitHub's REST API</p>",
  parameters: [],
  requestBody: null,
  responses: [
    {
      status: '200',
      description: 'Response',
      mediaTypes: ['application/json'],
      schema: {
        tree: {
          type: 'object',
          children: [
            {
              type: 'string',
              name: 'authorizations_url',
              format: 'uri-template',
              required: true,
            },
            {
              type: 'string',
              name: 'code_search_url',
              format: 'uri-template',
              required: true,
            },
            {
              type: 'string',
              name: 'commit_search_url',
              format: 'uri-template',
              required: true,
            },
            {
              type: 'string',
              name: 'current_user_authorizations_html_url',
              format: 'uri-template',
              required: true,
            },
            {
              type: 'string',
              name: 'current_user_repositories_url',
              format: 'uri-template',
              required: true,
            },
            {
              type: 'string',
              name: 'current_user_url',
              format: 'uri-template',
              required: true,
            },
            {
              type: 'string',
              name: 'emails_url',
              format: 'uri-template',
              required: true,
            },
            {
              type: 'string',
              name: 'emojis_url',
              format: 'uri-template',
              required: true,
            },
            {
              type: 'string',
              name: 'events_url',
              format: 'uri-template',
              required: true,
            },
            {
              type: 'string',
              name: 'feeds_url',
              format: 'uri-template',
              required: true,
            },
            {
              type: 'string',
              name: 'followers_url',
              format: 'uri-template',
              required: true,
            },
            {
              type: 'string',
              name: 'following_url',
              format: 'uri-template',
              required: true,
            },
            {
              type: 'string',
              name: 'gists_url',
              format: 'uri-template',
              required: true,
            },
            {
              type: 'string',
              name: 'hub_url',
              format: 'uri-template',
              required: true,
            },
            {
              type: 'string',
              name: 'issue_search_url',
              format: 'uri-template',
              required: true,
            },
            {
              type: 'string',
              name: 'issues_url',
              format: 'uri-template',
              required: true,
            },
            {
              type: 'string',
              name: 'keys_url',
              format: 'uri-template',
              required: true,
            },
            {
              type: 'string',
              name: 'label_search_url',
              format: 'uri-template',
              required: true,
            },
            {
              type: 'string',
              name: 'notifications_url',
              format: 'uri-template',
              required: true,
            },
            {
              type: 'string',
              name: 'organization_repositories_url',
              format: 'uri-template',
              required: true,
            },
            {
              type: 'string',
              name: 'organization_teams_url',
              format: 'uri-template',
              required: true,
            },
            {
              type: 'string',
              name: 'organization_url',
              format: 'uri-template',
              required: true,
            },
            {
              type: 'string',
              name: 'public_gists_url',
              format: 'uri-template',
              required: true,
            },
            {
              type: 'string',
              name: 'rate_limit_url',
              format: 'uri-template',
              required: true,
            },
            {
              type: 'string',
              name: 'repository_search_url',
              format: 'uri-template',
              required: true,
            },
            {
              type: 'string',
              name: 'repository_url',
              format: 'uri-template',
              required: true,
            },
            {
              type: 'string',
              name: 'starred_gists_url',
              format: 'uri-template',
              required: true,
            },
            {
              type: 'string',
              name: 'starred_url',
              format: 'uri-template',
              required: true,
            },
            {
              type: 'string',
              name: 'topic_search_url',
              format: 'uri-template',
            },
            {
              type: 'string',
              name: 'user_organizations_url',
              format: 'uri-template',
              required: true,
            },
            {
              type: 'string',
              name: 'user_repositories_url',
              format: 'uri-template',
              required: true,
            },
            {
              type: 'string',
              name: 'user_search_url',
              format: 'uri-template',
              required: true,
            },
            {
              type: 'string',
              name: 'user_url',
              format: 'uri-template',
              required: true,
            },
          ],
        },
        example: {
          authorizations_url: 'https://api.github.com/authorizations',
          code_search_url:
            'https://api.github.com/search/code?q={query}{&page,per_page,sort,order}',
          commit_search_url:
            'https://api.github.com/search/commits?q={query}{&page,per_page,sort,order}',
          current_user_authorizations_html_url:
            'https://github.com/settings/connections/applications{/client_id}',
          current_user_repositories_url:
            'https://api.github.com/user/repos{?type,page,per_page,sort}',
          current_user_url: 'https://api.github.com/user',
          emails_url: 'https://api.github.com/user/emails',
          emojis_url: 'https://api.github.com/emojis',
          events_url: 'https://api.github.com/events',
          feeds_url: 'https://api.github.com/feeds',
          followers_url: 'https://api.github.com/user/followers',
          following_url: 'https://api.github.com/user/following{/target}',
          gists_url: 'https://api.github.com/gists{/gist_id}',
          hub_url: 'https://api.github.com/hub',
          issue_search_url:
            'https://api.github.com/search/issues?q={query}{&page,per_page,sort,order}',
          issues_url: 'https://api.github.com/issues',
          keys_url: 'https://api.github.com/user/keys',
          label_search_url:
            'https://api.github.com/search/labels?q={query}&repository_id={repository_id}{&page,per_page}',
          notifications_url: 'https://api.github.com/notifications',
          organization_repositories_url:
            'https://api.github.com/orgs/{org}/repos{?type,page,per_page,sort}',
          organization_teams_url: 'https://api.github.com/orgs/{org}/teams',
          organization_url: 'https://api.github.com/orgs/{org}',
          public_gists_url: 'https://api.github.com/gists/public',
          rate_limit_url: 'https://api.github.com/rate_limit',
          repository_search_url:
            'https://api.github.com/search/repositories?q={query}{&page,per_page,sort,order}',
          repository_url: 'https://api.github.com/repos/{owner}/{repo}',
          starred_gists_url: 'https://api.github.com/gists/starred',
          starred_url: 'https://api.github.com/user/starred{/owner}{/repo}',
          topic_search_url: 'https://api.github.com/search/topics?q={query}{&page,per_page}',
          user_organizations_url: 'https://api.github.com/user/orgs',
          user_repositories_url:
            'https://api.github.com/users/{user}/repos{?type,page,per_page,sort}',
          user_search_url:
            'https://api.github.com/search/users?q={query}{&page,per_page,sort,order}',
          user_url: 'https://api.github.com/users/{user}',
        },
        exampleSource: 'document',
        truncated: false,
      },
    },
  ],
  security: [],
  servers: [
    {
      url: 'https://api.github.com',
      description: '',
    },
  ],
}

/** Stripe's GetAccount: its account schema is cut at the tree's size cap. */
export const truncatedOperation: OperationDetail = {
  operationKey: 'GetAccount',
  method: 'GET',
  path: '/v1/account',
  operationId: 'GetAccount',
  summary: 'Retrieves the details of an account.',
  tags: [],
  deprecated: false,
  apiId: 'stripe-com',
  description: '<p>Retrieves the details of an account.</p>',
  descriptionHtml: '<p>Retrieves the details of an account.</p>',
  parameters: [
    {
      name: 'expand',
      in: 'query',
      required: false,
      type: 'array<string>',
      description: 'Specifies which fields in the response should be expanded.',
    },
  ],
  requestBody: {
    required: false,
    description: '',
    content: [
      {
        mediaType: 'application/x-www-form-urlencoded',
        schema: {
          tree: {
            type: 'object',
          },
          example: {},
          exampleSource: 'generated',
          truncated: false,
        },
      },
    ],
  },
  responses: [
    {
      status: '200',
      description: 'Successful response.',
      mediaTypes: ['application/json'],
      schema: {
        tree: {
          type: 'object',
          description:
            'This is an object representing a Stripe account. You can retrieve it to see properties on the account like its current requirements or if the account is enabled to make live charges or receive\u2026',
          children: [
            {
              type: 'anyOf | null',
              name: 'business_profile',
              description: 'Business information about the account.',
              children: [
                {
                  type: 'object',
                  name: 'option 1',
                  children: [
                    {
                      type: 'string | null',
                      name: 'mcc',
                      description:
                        'The merchant category code for the account. MCCs are used to classify businesses based on the goods or services they provide.',
                    },
                    {
                      type: 'string | null',
                      name: 'name',
                      description: 'The customer-facing business name.',
                    },
                    {
                      type: 'string | null',
                      name: 'product_description',
                      description:
                        "Internal-only description of the product sold or service provided by the business. It's used by Stripe for risk and underwriting purposes.",
                    },
                    {
                      type: 'anyOf | null',
                      name: 'support_address',
                      description:
                        'A publicly available mailing address for sending support issues to.',
                      children: [
                        {
                          type: 'object',
                          name: 'option 1',
                          children: [
                            {
                              type: 'string | null',
                              name: 'city',
                              description: 'City, district, suburb, town, or village.',
                            },
                            {
                              type: 'string | null',
                              name: 'country',
                              description: 'Two-letter country code (ISO 3166-1 alpha-2).',
                            },
                            {
                              type: 'string | null',
                              name: 'line1',
                              description:
                                'Address line 1 (e.g., street, PO Box, or company name).',
                            },
                            {
                              type: 'string | null',
                              name: 'line2',
                              description:
                                'Address line 2 (e.g., apartment, suite, unit, or building).',
                            },
                            {
                              type: 'string | null',
                              name: 'postal_code',
                              description: 'ZIP or postal code.',
                            },
                            {
                              type: 'string | null',
                              name: 'state',
                              description: 'State, county, province, or region.',
                            },
                          ],
                        },
                      ],
                    },
                    {
                      type: 'string | null',
                      name: 'support_email',
                      description:
                        'A publicly available email address for sending support issues to.',
                    },
                    {
                      type: 'string | null',
                      name: 'support_phone',
                      description: 'A publicly available phone number to call with support issues.',
                    },
                    {
                      type: 'string | null',
                      name: 'support_url',
                      description: 'A publicly available website for handling support issues.',
                    },
                    {
                      type: 'string | null',
                      name: 'url',
                      description: "The business's publicly available website.",
                    },
                  ],
                },
              ],
            },
            {
              type: 'string | null',
              name: 'business_type',
              description: 'The business type.',
              enum: ['company', 'government_entity', 'individual', 'non_profit'],
            },
            {
              type: 'object',
              name: 'capabilities',
              children: [
                {
                  type: 'string',
                  name: 'acss_debit_payments',
                  description:
                    'The status of the Canadian pre-authorized debits payments capability of the account, or whether the account can directly process Canadian pre-authorized debits charges.',
                  enum: ['active', 'inactive', 'pending'],
                },
                {
                  type: 'string',
                  name: 'affirm_payments',
                  description:
                    'The status of the Affirm capability of the account, or whether the account can directly process Affirm charges.',
                  enum: ['active', 'inactive', 'pending'],
                },
                {
                  type: 'string',
                  name: 'afterpay_clearpay_payments',
                  description:
                    'The status of the Afterpay Clearpay capability of the account, or whether the account can directly process Afterpay Clearpay charges.',
                  enum: ['active', 'inactive', 'pending'],
                },
                {
                  type: 'string',
                  name: 'au_becs_debit_payments',
                  description:
                    'The status of the BECS Direct Debit (AU) payments capability of the account, or whether the account can directly process BECS Direct Debit (AU) charges.',
                  enum: ['active', 'inactive', 'pending'],
                },
                {
                  type: 'string',
                  name: 'bacs_debit_payments',
                  description:
                    'The status of the Bacs Direct Debits payments capability of the account, or whether the account can directly process Bacs Direct Debits charges.',
                  enum: ['active', 'inactive', 'pending'],
                },
                {
                  type: 'string',
                  name: 'bancontact_payments',
                  description:
                    'The status of the Bancontact payments capability of the account, or whether the account can directly process Bancontact charges.',
                  enum: ['active', 'inactive', 'pending'],
                },
                {
                  type: 'string',
                  name: 'bank_transfer_payments',
                  description:
                    'The status of the customerbalance payments capability of the account, or whether the account can directly process customerbalance charges.',
                  enum: ['active', 'inactive', 'pending'],
                },
                {
                  type: 'string',
                  name: 'blik_payments',
                  description:
                    'The status of the blik payments capability of the account, or whether the account can directly process blik charges.',
                  enum: ['active', 'inactive', 'pending'],
                },
                {
                  type: 'string',
                  name: 'boleto_payments',
                  description:
                    'The status of the boleto payments capability of the account, or whether the account can directly process boleto charges.',
                  enum: ['active', 'inactive', 'pending'],
                },
                {
                  type: 'string',
                  name: 'card_issuing',
                  description:
                    'The status of the card issuing capability of the account, or whether you can use Issuing to distribute funds on cards',
                  enum: ['active', 'inactive', 'pending'],
                },
                {
                  type: 'string',
                  name: 'card_payments',
                  description:
                    'The status of the card payments capability of the account, or whether the account can directly process credit and debit card charges.',
                  enum: ['active', 'inactive', 'pending'],
                },
                {
                  type: 'string',
                  name: 'cartes_bancaires_payments',
                  description:
                    'The status of the Cartes Bancaires payments capability of the account, or whether the account can directly process Cartes Bancaires card charges in EUR currency.',
                  enum: ['active', 'inactive', 'pending'],
                },
                {
                  type: 'string',
                  name: 'cashapp_payments',
                  description:
                    'The status of the Cash App Pay capability of the account, or whether the account can directly process Cash App Pay payments.',
                  enum: ['active', 'inactive', 'pending'],
                },
                {
                  type: 'string',
                  name: 'eps_payments',
                  description:
                    'The status of the EPS payments capability of the account, or whether the account can directly process EPS charges.',
                  enum: ['active', 'inactive', 'pending'],
                },
                {
                  type: 'string',
                  name: 'fpx_payments',
                  description:
                    'The status of the FPX payments capability of the account, or whether the account can directly process FPX charges.',
                  enum: ['active', 'inactive', 'pending'],
                },
                {
                  type: 'string',
                  name: 'giropay_payments',
                  description:
                    'The status of the giropay payments capability of the account, or whether the account can directly process giropay charges.',
                  enum: ['active', 'inactive', 'pending'],
                },
                {
                  type: 'string',
                  name: 'grabpay_payments',
                  description:
                    'The status of the GrabPay payments capability of the account, or whether the account can directly process GrabPay charges.',
                  enum: ['active', 'inactive', 'pending'],
                },
                {
                  type: 'string',
                  name: 'ideal_payments',
                  description:
                    'The status of the iDEAL payments capability of the account, or whether the account can directly process iDEAL charges.',
                  enum: ['active', 'inactive', 'pending'],
                },
                {
                  type: 'string',
                  name: 'india_international_payments',
                  description:
                    'The status of the indiainternationalpayments capability of the account, or whether the account can process international charges (non INR) in India.',
                  enum: ['active', 'inactive', 'pending'],
                },
                {
                  type: 'string',
                  name: 'jcb_payments',
                  description:
                    'The status of the JCB payments capability of the account, or whether the account (Japan only) can directly process JCB credit card charges in JPY currency.',
                  enum: ['active', 'inactive', 'pending'],
                },
                {
                  type: 'string',
                  name: 'klarna_payments',
                  description:
                    'The status of the Klarna payments capability of the account, or whether the account can directly process Klarna charges.',
                  enum: ['active', 'inactive', 'pending'],
                },
                {
                  type: 'string',
                  name: 'konbini_payments',
                  description:
                    'The status of the konbini payments capability of the account, or whether the account can directly process konbini charges.',
                  enum: ['active', 'inactive', 'pending'],
                },
                {
                  type: 'string',
                  name: 'legacy_payments',
                  description: 'The status of the legacy payments capability of the account.',
                  enum: ['active', 'inactive', 'pending'],
                },
                {
                  type: 'string',
                  name: 'link_payments',
                  description:
                    'The status of the link_payments capability of the account, or whether the account can directly process Link charges.',
                  enum: ['active', 'inactive', 'pending'],
                },
                {
                  type: 'string',
                  name: 'oxxo_payments',
                  description:
                    'The status of the OXXO payments capability of the account, or whether the account can directly process OXXO charges.',
                  enum: ['active', 'inactive', 'pending'],
                },
                {
                  type: 'string',
                  name: 'p24_payments',
                  description:
                    'The status of the P24 payments capability of the account, or whether the account can directly process P24 charges.',
                  enum: ['active', 'inactive', 'pending'],
                },
                {
                  type: 'string',
                  name: 'paynow_payments',
                  description:
                    'The status of the paynow payments capability of the account, or whether the account can directly process paynow charges.',
                  enum: ['active', 'inactive', 'pending'],
                },
                {
                  type: 'string',
                  name: 'promptpay_payments',
                  description:
                    'The status of the promptpay payments capability of the account, or whether the account can directly process promptpay charges.',
                  enum: ['active', 'inactive', 'pending'],
                },
                {
                  type: 'string',
                  name: 'sepa_debit_payments',
                  description:
                    'The status of the SEPA Direct Debits payments capability of the account, or whether the account can directly process SEPA Direct Debits charges.',
                  enum: ['active', 'inactive', 'pending'],
                },
                {
                  type: 'string',
                  name: 'sofort_payments',
                  description:
                    'The status of the Sofort payments capability of the account, or whether the account can directly process Sofort charges.',
                  enum: ['active', 'inactive', 'pending'],
                },
                {
                  type: 'string',
                  name: 'tax_reporting_us_1099_k',
                  description:
                    'The status of the tax reporting 1099-K (US) capability of the account.',
                  enum: ['active', 'inactive', 'pending'],
                },
                {
                  type: 'string',
                  name: 'tax_reporting_us_1099_misc',
                  description:
                    'The status of the tax reporting 1099-MISC (US) capability of the account.',
                  enum: ['active', 'inactive', 'pending'],
                },
                {
                  type: 'string',
                  name: 'transfers',
                  description:
                    'The status of the transfers capability of the account, or whether your platform can transfer funds to the account.',
                  enum: ['active', 'inactive', 'pending'],
                },
                {
                  type: 'string',
                  name: 'treasury',
                  description:
                    'The status of the banking capability, or whether the account can have bank accounts.',
                  enum: ['active', 'inactive', 'pending'],
                },
                {
                  type: 'string',
                  name: 'us_bank_account_ach_payments',
                  description:
                    'The status of the US bank account ACH payments capability of the account, or whether the account can directly process US bank account charges.',
                  enum: ['active', 'inactive', 'pending'],
                },
              ],
            },
            {
              type: 'boolean',
              name: 'charges_enabled',
              description: 'Whether the account can create live charges.',
            },
            {
              type: 'object',
              name: 'company',
              children: [
                {
                  type: 'object',
                  name: 'address',
                  children: [
                    {
                      type: 'string | null',
                      name: 'city',
                      description: 'City, district, suburb, town, or village.',
                    },
                    {
                      type: 'string | null',
                      name: 'country',
                      description: 'Two-letter country code (ISO 3166-1 alpha-2).',
                    },
                    {
                      type: 'string | null',
                      name: 'line1',
                      description: 'Address line 1 (e.g., street, PO Box, or company name).',
                    },
                    {
                      type: 'string | null',
                      name: 'line2',
                      description: 'Address line 2 (e.g., apartment, suite, unit, or building).',
                    },
                    {
                      type: 'string | null',
                      name: 'postal_code',
                      description: 'ZIP or postal code.',
                    },
                    {
                      type: 'string | null',
                      name: 'state',
                      description: 'State, county, province, or region.',
                    },
                  ],
                },
                {
                  type: 'anyOf | null',
                  name: 'address_kana',
                  description: "The Kana variation of the company's primary address (Japan only).",
                  children: [
                    {
                      type: 'object',
                      name: 'option 1',
                      children: [
                        {
                          type: 'string | null',
                          name: 'city',
                          description: 'City/Ward.',
                        },
                        {
                          type: 'string | null',
                          name: 'country',
                          description: 'Two-letter country code (ISO 3166-1 alpha-2).',
                        },
                        {
                          type: 'string | null',
                          name: 'line1',
                          description: 'Block/Building number.',
                        },
                        {
                          type: 'string | null',
                          name: 'line2',
                          description: 'Building details.',
                        },
                        {
                          type: 'string | null',
                          name: 'postal_code',
                          description: 'ZIP or postal code.',
                        },
                        {
                          type: 'string | null',
                          name: 'state',
                          description: 'Prefecture.',
                        },
                        {
                          type: 'string | null',
                          name: 'town',
                          description: 'Town/cho-me.',
                        },
                      ],
                    },
                  ],
                },
                {
                  type: 'anyOf | null',
                  name: 'address_kanji',
                  description: "The Kanji variation of the company's primary address (Japan only).",
                  children: [
                    {
                      type: 'object',
                      name: 'option 1',
                      children: [
                        {
                          type: 'string | null',
                          name: 'city',
                          description: 'City/Ward.',
                        },
                        {
                          type: 'string | null',
                          name: 'country',
                          description: 'Two-letter country code (ISO 3166-1 alpha-2).',
                        },
                        {
                          type: 'string | null',
                          name: 'line1',
                          description: 'Block/Building number.',
                        },
                        {
                          type: 'string | null',
                          name: 'line2',
                          description: 'Building details.',
                        },
                        {
                          type: 'string | null',
                          name: 'postal_code',
                          description: 'ZIP or postal code.',
                        },
                        {
                          type: 'string | null',
                          name: 'state',
                          description: 'Prefecture.',
                        },
                        {
                          type: 'string | null',
                          name: 'town',
                          description: 'Town/cho-me.',
                        },
                      ],
                    },
                  ],
                },
                {
                  type: 'boolean',
                  name: 'directors_provided',
                  description:
                    "Whether the company's directors have been provided. This Boolean will be true if you've manually indicated that all directors are provided via the directorsprovided` parameter.",
                },
                {
                  type: 'boolean',
                  name: 'executives_provided',
                  description:
                    "Whether the company's executives have been provided. This Boolean will be true if you've manually indicated that all executives are provided via the executivesprovided` parameter, or if Stripe\u2026",
                },
                {
                  type: 'string',
                  name: 'export_license_id',
                  description:
                    'The export license ID number of the company, also referred as Import Export Code (India only).',
                },
                {
                  type: 'string',
                  name: 'export_purpose_code',
                  description: 'The purpose code to use for export transactions (India only).',
                },
                {
                  type: 'string | null',
                  name: 'name',
                  description: "The company's legal name.",
                },
                {
                  type: 'string | null',
                  name: 'name_kana',
                  description: "The Kana variation of the company's legal name (Japan only).",
                },
                {
                  type: 'string | null',
                  name: 'name_kanji',
                  description: "The Kanji variation of the company's legal name (Japan only).",
                },
                {
                  type: 'boolean',
                  name: 'owners_provided',
                  description:
                    "Whether the company's owners have been provided. This Boolean will be true if you've manually indicated that all owners are provided via the ownersprovided parameter, or if Stripe determined that\u2026",
                },
                {
                  type: 'anyOf | null',
                  name: 'ownership_declaration',
                  description:
                    'This hash is used to attest that the beneficial owner information provided to Stripe is both current and correct.',
                  children: [
                    {
                      type: 'object',
                      name: 'option 1',
                      children: [
                        {
                          type: 'integer | null',
                          name: 'date',
                          format: 'unix-time',
                          description:
                            'The Unix timestamp marking when the beneficial owner attestation was made.',
                        },
                        {
                          type: 'string | null',
                          name: 'ip',
                          description:
                            'The IP address from which the beneficial owner attestation was made.',
                        },
                        {
                          type: 'string | null',
                          name: 'user_agent',
                          description:
                            'The user-agent string from the browser where the beneficial owner attestation was made.',
                        },
                      ],
                    },
                  ],
                },
                {
                  type: 'string | null',
                  name: 'phone',
                  description: "The company's phone number (used for verification).",
                },
                {
                  type: 'string',
                  name: 'structure',
                  description:
                    'The category identifying the legal structure of the company or legal entity. See Business structure for more details.',
                  enum: [
                    'free_zone_establishment',
                    'free_zone_llc',
                    'government_instrumentality',
                    'governmental_unit',
                    'incorporated_non_profit',
                    'limited_liability_partnership',
                    'llc',
                    'multi_member_llc',
                    'private_company',
                    'private_corporation',
                    'private_partnership',
                    'public_company',
                    'public_corporation',
                    'public_partnership',
                    'single_member_llc',
                    'sole_establishment',
                    'sole_proprietorship',
                    'tax_exempt_government_instrumentality',
                    'unincorporated_association',
                    'unincorporated_non_profit',
                  ],
                },
                {
                  type: 'boolean',
                  name: 'tax_id_provided',
                  description: "Whether the company's business ID number was provided.",
                },
                {
                  type: 'string',
                  name: 'tax_id_registrar',
                  description:
                    'The jurisdiction in which the taxid` is registered (Germany-based companies only).',
                },
                {
                  type: 'boolean',
                  name: 'vat_id_provided',
                  description: "Whether the company's business VAT number was provided.",
                },
                {
                  type: 'anyOf | null',
                  name: 'verification',
                  description: 'Information on the verification state of the company.',
                  children: [
                    {
                      type: 'object',
                      name: 'option 1',
                      children: [
                        {
                          type: 'object',
                          name: 'document',
                          required: true,
                          children: [
                            {
                              type: 'anyOf | null',
                              name: 'back',
                              description:
                                'The back of a document returned by a file upload with a purpose value of additionalverification`.',
                              children: [
                                {
                                  type: 'string',
                                  name: 'option 1',
                                },
                                {
                                  type: 'object',
                                  name: 'option 2',
                                  description:
                                    "This is an object representing a file hosted on Stripe's servers. The file may have been uploaded by yourself using the create file request (for example, when uploading dispute evidence) or it may\u2026",
                                  truncated: true,
                                },
                              ],
                            },
                            {
                              type: 'string | null',
                              name: 'details',
                              description:
                                'A user-displayable string describing the verification state of this document.',
                            },
                            {
                              type: 'string | null',
                              name: 'details_code',
                              description:
                                'One of documentcorrupt, documentexpired, documentfailedcopy, documentfailedgreyscale, documentfailedother, documentfailedtestmode, documentfraudulent, documentincomplete, documentinvalid\u2026',
                            },
                            {
                              type: 'anyOf | null',
                              name: 'front',
                              description:
                                'The front of a document returned by a file upload with a purpose value of additionalverification`.',
                              children: [
                                {
                                  type: 'string',
                                  name: 'option 1',
                                },
                                {
                                  type: 'object',
                                  name: 'option 2',
                                  description:
                                    "This is an object representing a file hosted on Stripe's servers. The file may have been uploaded by yourself using the create file request (for example, when uploading dispute evidence) or it may\u2026",
                                  truncated: true,
                                },
                              ],
                            },
                          ],
                        },
                      ],
                    },
                  ],
                },
              ],
            },
            {
              type: 'object',
              name: 'controller',
              children: [
                {
                  type: 'boolean',
                  name: 'is_controller',
                  description:
                    'true if the Connect application retrieving the resource controls the account and can therefore exercise platform controls. Otherwise, this field is null.',
                },
                {
                  type: 'string',
                  name: 'type',
                  required: true,
                  description:
                    'The controller type. Can be application, if a Connect application controls the account, or account, if the account controls itself.',
                  enum: ['account', 'application'],
                },
              ],
            },
            {
              type: 'string',
              name: 'country',
              description: "The account's country.",
            },
            {
              type: 'integer',
              name: 'created',
              format: 'unix-time',
              description:
                'Time at which the account was connected. Measured in seconds since the Unix epoch.',
            },
            {
              type: 'string',
              name: 'default_currency',
              description:
                "Three-letter ISO currency code representing the default currency for the account. This must be a currency that Stripe supports in the account's country.",
            },
            {
              type: 'boolean',
              name: 'details_submitted',
              description:
                'Whether account details have been submitted. Standard accounts cannot receive payouts before this is true.',
            },
            {
              type: 'string | null',
              name: 'email',
              description:
                'An email address associated with the account. You can treat this as metadata: it is not used for authentication or messaging account holders.',
            },
            {
              type: 'object',
              name: 'external_accounts',
              description:
                'External accounts (bank accounts and debit cards) currently attached to this account',
              truncated: true,
            },
          ],
          truncated: true,
        },
        example: {
          business_profile: {
            mcc: 'string',
            name: 'string',
            product_description: 'string',
            support_address: {},
            support_email: 'string',
            support_phone: 'string',
            support_url: 'string',
            url: 'string',
          },
          business_type: 'company',
          capabilities: {
            acss_debit_payments: 'active',
            affirm_payments: 'active',
            afterpay_clearpay_payments: 'active',
            au_becs_debit_payments: 'active',
            bacs_debit_payments: 'active',
            bancontact_payments: 'active',
            bank_transfer_payments: 'active',
            blik_payments: 'active',
            boleto_payments: 'active',
            card_issuing: 'active',
            card_payments: 'active',
            cartes_bancaires_payments: 'active',
            cashapp_payments: 'active',
            eps_payments: 'active',
            fpx_payments: 'active',
            giropay_payments: 'active',
            grabpay_payments: 'active',
            ideal_payments: 'active',
            india_international_payments: 'active',
            jcb_payments: 'active',
            klarna_payments: 'active',
            konbini_payments: 'active',
            legacy_payments: 'active',
            link_payments: 'active',
            oxxo_payments: 'active',
            p24_payments: 'active',
            paynow_payments: 'active',
            promptpay_payments: 'active',
            sepa_debit_payments: 'active',
            sofort_payments: 'active',
            tax_reporting_us_1099_k: 'active',
            tax_reporting_us_1099_misc: 'active',
            transfers: 'active',
            treasury: 'active',
            us_bank_account_ach_payments: 'active',
          },
          charges_enabled: true,
          company: {
            address: {},
            address_kana: {},
            address_kanji: {},
            directors_provided: true,
            executives_provided: true,
            export_license_id: 'string',
            export_purpose_code: 'string',
            name: 'string',
            name_kana: 'string',
            name_kanji: 'string',
            owners_provided: true,
            ownership_declaration: {},
            phone: 'string',
            structure: 'free_zone_establishment',
            tax_id_provided: true,
            tax_id_registrar: 'string',
            vat_id_provided: true,
            verification: {
              document: {},
            },
          },
          controller: {
            is_controller: true,
            type: 'account',
          },
          country: 'string',
          created: 0,
          default_currency: 'string',
          details_submitted: true,
          email: 'string',
          external_accounts: {
            data: [null],
            has_more: true,
            object: 'list',
            url: 'string',
          },
          future_requirements: {
            alternatives: [{}],
            current_deadline: 0,
            currently_due: [null],
            disabled_reason: 'string',
            errors: [{}],
            eventually_due: [null],
            past_due: [null],
            pending_verification: [null],
          },
          id: 'string',
          individual: {
            account: 'string',
            address: {},
            address_kana: {},
            address_kanji: {},
            created: 0,
            dob: {},
            email: 'string',
            first_name: 'string',
            first_name_kana: 'string',
            first_name_kanji: 'string',
            full_name_aliases: [null],
            future_requirements: {
              alternatives: [],
              currently_due: [],
              errors: [],
              eventually_due: [],
              past_due: [],
              pending_verification: [],
            },
            gender: 'string',
            id: 'string',
            id_number_provided: true,
            id_number_secondary_provided: true,
            last_name: 'string',
            last_name_kana: 'string',
            last_name_kanji: 'string',
            maiden_name: 'string',
            metadata: {},
            nationality: 'string',
            object: 'person',
            phone: 'string',
            political_exposure: 'existing',
            registered_address: {},
            relationship: {},
            requirements: {
              alternatives: [],
              currently_due: [],
              errors: [],
              eventually_due: [],
              past_due: [],
              pending_verification: [],
            },
            ssn_last_4_provided: true,
            verification: {
              document: {},
            },
          },
          metadata: {
            property1: 'string',
            property2: 'string',
          },
          object: 'account',
          payouts_enabled: true,
          requirements: {
            alternatives: [{}],
            current_deadline: 0,
            currently_due: [null],
            disabled_reason: 'string',
            errors: [{}],
            eventually_due: [null],
            past_due: [null],
            pending_verification: [null],
          },
          settings: {
            bacs_debit_payments: {},
            branding: {},
            card_issuing: {
              tos_acceptance: {},
            },
            card_payments: {
              decline_on: {},
            },
            dashboard: {},
            payments: {},
            payouts: {
              schedule: {},
            },
            sepa_debit_payments: {},
            treasury: {
              tos_acceptance: {},
            },
          },
          tos_acceptance: {
            date: 0,
            ip: 'string',
            service_agreement: 'string',
            user_agent: 'string',
          },
          type: 'custom',
        },
        exampleSource: 'generated',
        truncated: true,
      },
    },
    {
      status: 'default',
      description: 'Error response.',
      mediaTypes: ['application/json'],
      schema: null,
    },
  ],
  security: [
    [
      {
        key: 'basicAuth',
        scopes: [],
        description:
          'Basic HTTP authentication. Allowed headers-- Authorization: Basic | Authorization: Basic',
        kind: 'basic',
        scheme: 'basic',
      },
    ],
    [
      {
        key: 'bearerAuth',
        scopes: [],
        description: 'Bearer HTTP authentication. Allowed headers-- Authorization: Bearer',
        kind: 'bearer',
        scheme: 'bearer',
        bearerFormat: 'auth-scheme',
      },
    ],
  ],
  servers: [
    {
      url: 'https://api.stripe.com',
      description: '',
    },
  ],
}

export const operationDetails: OperationDetail[] = [
  createIssueOperation,
  deprecatedOperation,
  noParametersOperation,
  truncatedOperation,
]
