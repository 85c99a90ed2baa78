/** An API client made in a sandbox zone by a person signed in over HTTP: what a CI job is handed. */
import { call, signIn } from '../integration/sandbox/helpers';

export async function makeApiClient(
  baseUrl: string,
  user: { email: string; password: string },
  scopes: string[] = ['containers:read'],
): Promise<{ client_id: string; client_secret: string }> {
  const t = await signIn(baseUrl, user.email, user.password);
  const made = await call<{ client_id: string; client_secret: string }>(baseUrl, '/api/v1/api-clients', {
    token: t.access_token,
    body: { name: `ci-${Date.now()}`, scopes },
  });
  if (made.status !== 201) throw new Error(`create api client: ${made.status} ${JSON.stringify(made.body)}`);
  return made.body;
}
