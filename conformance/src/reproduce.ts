// A failing check ends with the request that showed the deviation as a curl command a vendor
// can paste into a shell, as Schemathesis prints one: the token as $WH_TOKEN, never its value.

/** What curl shows as the token: `$WH_TOKEN` for the profile's tokens, or a made-up token itself. */
export const TOKEN_VARIABLE = '$WH_TOKEN';

const quote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

export interface Reproducible {
  method: string;
  url: string;
  /** The token as curl should send it, or undefined when the request carried no Authorization header. */
  shownToken: string | undefined;
  /** Other request headers sent. */
  headers?: Record<string, string>;
  /** The JSON body sent, if any. */
  body: string | undefined;
}

/** `curl -X POST 'https://...' -H "Authorization: Token $WH_TOKEN" -H 'Content-Type: application/json' --data-raw '{...}'`. */
export function curlFor({ method, url, shownToken, headers = {}, body }: Reproducible): string {
  const parts = ['curl', '-i', '-X', method, quote(url)];
  for (const [name, value] of Object.entries(headers)) parts.push('-H', quote(`${name}: ${value}`));
  if (shownToken === TOKEN_VARIABLE) parts.push('-H', `"Authorization: Token ${TOKEN_VARIABLE}"`);
  else if (shownToken !== undefined) parts.push('-H', quote(`Authorization: Token ${shownToken}`));
  if (body !== undefined) parts.push('-H', quote('Content-Type: application/json'), '--data-raw', quote(body));
  return parts.join(' ');
}
