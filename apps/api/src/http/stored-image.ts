import type { FastifyReply } from 'fastify';

/**
 * Sends an image the product keeps (an upload, or one seen through a share link) with the headers
 * every such answer needs: its own type and no sniffing, shown inline, and a sandbox policy so an
 * image opened on its own can never run anything. Only how long it may be cached differs by route.
 */
export function sendStoredImage(
  reply: FastifyReply,
  image: { mimeType: string; data: Buffer },
  cacheControl: string,
) {
  return reply
    .type(image.mimeType)
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', 'inline')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cache-control', cacheControl)
    .send(image.data);
}
