/**
 * The release store the publisher writes to, chosen by PUBLISH_TARGET:
 *
 * - `dir` (the default): release folders under PUBLISH_DIR and a `live` symlink, served by the
 *   sirv site server (`npm start`);
 * - `s3`: an S3-compatible bucket behind a CDN (S3_BUCKET, S3_ENDPOINT, S3_REGION, S3_PREFIX and
 *   the standard AWS credential variables; see ./s3.ts and docs/deploy.md). The AWS SDK loads
 *   only for this target.
 */
import { DirReleaseStore } from './dir.ts';
import type { ReleaseStore } from './types.ts';

const PUBLISH_TARGETS = ['dir', 's3'] as const;

export async function createReleaseStore(env: NodeJS.ProcessEnv, publishDir: string): Promise<ReleaseStore> {
  const target = env.PUBLISH_TARGET || 'dir';
  switch (target) {
    case 'dir':
      return new DirReleaseStore({ root: publishDir });
    case 's3': {
      const { createS3Store } = await import('./s3.ts');
      return createS3Store(env);
    }
    default:
      throw new Error(`PUBLISH_TARGET must be ${PUBLISH_TARGETS.join(' or ')}, not ${JSON.stringify(target)}`);
  }
}
