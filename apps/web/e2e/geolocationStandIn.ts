import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface GeolocationStandIn {
  /** The service's URL, as GEOLOCATION_SERVICES lists it. */
  url: string;
  /** The paths asked, in order: proof that the browser really called it. */
  requests: string[];
  close(): Promise<void>;
}

/**
 * A loopback stand-in for an IP geolocation service (ipapi.co/json's shape): a real HTTP server
 * the browser calls across origins, as it calls the real ones, answering `country` for everyone.
 */
export async function startGeolocationStandIn(country: string): Promise<GeolocationStandIn> {
  const requests: string[] = [];
  const server = createServer((request, response) => {
    requests.push(request.url ?? '');
    response.writeHead(200, {
      'content-type': 'application/json',
      // The real services allow any origin; the SPA calls them without credentials.
      'access-control-allow-origin': '*',
    });
    response.end(JSON.stringify({ country_code: country }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/json/`,
    requests,
    close: () =>
      new Promise((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
