/**
 * The reference API the publisher suites edit through: its editor endpoint sends signed webhooks
 * to the suite's publisher, as the agency's CMS does.
 */
import { startContentApi } from '../../../scripts/content-api/server.ts';

/** The reference API on `port` over `dbPath`, its editor endpoint sending signed webhooks to the publisher on `publisherPort`. */
export function startEditingApi(o: {
  port: number;
  dbPath: string;
  token: string;
  publisherPort: number;
  secret: string;
}) {
  return startContentApi({
    host: '127.0.0.1',
    port: o.port,
    dbPath: o.dbPath,
    editor: {
      token: o.token,
      webhookUrl: `http://127.0.0.1:${o.publisherPort}/hooks/content`,
      webhookSecret: o.secret,
      log: () => {},
    },
  });
}
