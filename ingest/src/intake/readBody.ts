import { localizedError } from '@tradelog/schemas';
import { unsupportedContentEncoding } from '@tradelog/schemas/kit/runtime/transportErrors';
import express, { type Request, type Response } from 'express';
import { bodyTooLarge, withoutByteOrderMark } from './body.ts';

/**
 * Reads a submission's body, bounded, as bytes (app.ts reads it only after the caller is known
 * and the media type is right), without a leading byte order mark (body.ts); a body that cannot
 * be read is refused with its own code.
 */
export function createBodyReader(bodyLimitBytes: number): (req: Request, res: Response) => Promise<Buffer> {
  const readRaw = express.raw({ type: () => true, limit: bodyLimitBytes });
  return (req, res) =>
    new Promise((resolve, reject) => {
      readRaw(req, res, (error?: unknown) => {
        if (error === undefined || error === null) {
          resolve(Buffer.isBuffer(req.body) ? withoutByteOrderMark(req.body) : Buffer.alloc(0));
          return;
        }
        const type = (error as { type?: string }).type;
        if (type === 'entity.too.large') reject(bodyTooLarge(bodyLimitBytes));
        else if (type === 'encoding.unsupported') {
          reject(unsupportedContentEncoding());
        } else {
          reject(
            localizedError('BODY_UNREADABLE', 400, {
              cn: '请求体读取失败（连接中断或长度不符）',
              en: 'The request body could not be read (aborted or wrong length)',
            }),
          );
        }
      });
    });
}
