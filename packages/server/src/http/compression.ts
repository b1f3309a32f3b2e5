import { constants } from 'node:zlib';
import type { FastifyCompressOptions } from '@fastify/compress';

/**
 * Compression of the answers that grow with the data: the lists of campaigns, events, templates and reports, an
 * event's grid and trees. An event of 200 campaigns answers 217 KB of trees, a season's completion list megabytes;
 * an operator on a field laptop's mobile link waits for every byte, and JSON shrinks to a tenth or less. Brotli at
 * quality 5 (2 ms for 145 KB of trees; its default, 11, took 229 ms, too slow for an answer made at each call), or
 * gzip; answers under 1 KB go as they are. Only for answers that hold no secret (never the login answer, which holds
 * the session token: a compressed answer's length can betray a secret beside text an attacker chose).
 */
export const GROWING_ANSWER: {
  compress: Pick<FastifyCompressOptions, 'threshold' | 'encodings' | 'brotliOptions'>;
} = {
  compress: {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } },
  },
};
