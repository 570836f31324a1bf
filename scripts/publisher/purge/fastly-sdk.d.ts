/** The part of Fastly's SDK (it ships no types) that the Fastly purge adapter uses. */
declare module 'fastly' {
  export class ApiClient {
    static instance: ApiClient;
    basePath: string;
    plugins: ((request: { url: string }) => void)[] | null;
    authenticate(token: string, type?: 'token'): void;
  }
  export class PurgeApi {
    constructor(client?: ApiClient);
    bulkPurgeTag(options: {
      service_id: string;
      fastly_soft_purge?: number;
      surrogate_key?: string;
      purge_response?: { surrogate_keys: string[] };
    }): Promise<Record<string, string>>;
    purgeSingleUrl(options: {
      cached_url: string;
      fastly_soft_purge?: number;
    }): Promise<{ status: string; id: string }>;
  }
  const Fastly: { ApiClient: typeof ApiClient; PurgeApi: typeof PurgeApi };
  export default Fastly;
}
