import { describe, expect, it } from 'vitest';
import { getDownloadFormCategories, getDownloadFormSubCategories } from './api';
import { attachment, lastRequestTo, areaTestServer } from '../../../tests/support/api-test-server';

const server = areaTestServer();

describe('download forms', () => {
  it('maps the categories', async () => {
    server.respond('/download-form/category', { data: [{ id: 1, title: 'แบบคำขอ', count: 4 }] });
    expect(await getDownloadFormCategories('th')).toEqual([{ id: '1', title: 'แบบคำขอ', count: 4 }]);
  });

  it('reads the sub-categories of a category with their files', async () => {
    server.respond('/download-form/sub-category/1', {
      data: [{ id: 3, title: 'จดทะเบียน', files: [attachment('form-a')] }],
    });
    const [sub] = await getDownloadFormSubCategories(1, 'en');
    expect(lastRequestTo(server, '/download-form/sub-category/1').headers['accept-language']).toBe('en');
    expect(sub).toEqual({
      id: '3',
      title: 'จดทะเบียน',
      files: [
        { name: 'form-a.pdf', url: `${server.url}/files/docs/form-a.pdf`, mime: 'application/pdf', sizeBytes: 2048 },
      ],
    });
  });
});
