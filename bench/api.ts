/** The few REST calls the load needs besides registration (accounts.ts). */

const post = async <T>(port: number, url: string, body: unknown, token: string): Promise<T> => {
  const response = await fetch(`http://127.0.0.1:${port}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`POST ${url} answered ${response.status}: ${text}`);
  return JSON.parse(text) as T;
};

/** Creates a session whose Storyteller is the token's user; resolves with its code. */
export const createSession = async (port: number, token: string, name: string, seats: number): Promise<string> =>
  (await post<{ sessionId: string }>(port, '/backend/sessions', { name, seats }, token)).sessionId;
