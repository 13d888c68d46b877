import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Smaller answers gain less than the encoding costs (a login answer, an id). */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/** JSON, and the few other text answers the API gives (metrics, the OpenAPI document, CSV, calendar feeds). */
const COMPRESSIBLE = /^(application\/(json|problem\+json|.*\+json)|text\/(plain|html|csv|calendar))\b/;

/**
 * Compresses the API's answers above 1 KiB for clients that ask (Accept-Encoding: br, then
 * gzip, then deflate; none without the header), with `Vary: Accept-Encoding`. Registered in
 * the /api scope and for the server-rendered public pages only: the console's assets are compressed at build time and sent as they are
 * (console/plugin.ts). A change stream (text/event-stream) is never buffered by a compressor:
 * its route hijacks the reply, which skips every onSend hook, and its type is not listed above.
 * Brotli runs at quality 4 (the plugin's default): near gzip's cost for a smaller answer.
 * The plugin also accepts request bodies sent gzip- or brotli-encoded (a webhook sender's
 * choice); the body limit applies to the decoded bytes, and another encoding is a 415.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    threshold: COMPRESSION_THRESHOLD_BYTES,
    encodings: ['br', 'gzip', 'deflate'],
    customTypes: COMPRESSIBLE,
  });
}
