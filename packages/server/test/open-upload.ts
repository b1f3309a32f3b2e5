import http from 'node:http';
import { bearer } from './harness.ts';

/**
 * A full upload to the server on `port` over real HTTP whose file is left open: the multipart part's header is sent,
 * the caller writes the file's lines when it likes (or never) and destroys the request at the end.
 */
export function openFullUpload(
  port: number,
  token: string,
  group: string,
  boundary: string,
): http.ClientRequest {
  const req = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/api/suppress/upload/fullFileUpload',
    headers: {
      ...bearer(token),
      groupName: group,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
  });
  req.on('error', () => {});
  req.write(
    `--${boundary}\r\nContent-Disposition: form-data; name="fullFileUpload"; filename="a.csv"\r\n\r\n`,
  );
  return req;
}
