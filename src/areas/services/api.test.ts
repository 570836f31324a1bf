import { describe, expect, it } from 'vitest';
import { getService, getServiceGroup } from './api';
import { attachment, image, lastRequestTo, areaTestServer } from '../../../tests/support/api-test-server';

const service = (slug: string, extra: Record<string, unknown> = {}) => ({
  id: 11,
  slug,
  title: 'ขอรับคำปรึกษาธุรกิจ',
  summary: 'ปรึกษาผู้เชี่ยวชาญ',
  icon: image('consult'),
  group: { slug: 'sme', title: 'บริการผู้ประกอบการ' },
  ...extra,
});

const server = areaTestServer();

describe('services', () => {
  it('maps a service page and keeps its url and attachments', async () => {
    server.respond('/services/page/consult', {
      data: {
        ...service('consult'),
        body_html: '<p>x</p>',
        url: 'https://example.org/apply',
        attachments: [attachment('form')],
      },
    });
    const detail = await getService('consult', 'en');
    expect(lastRequestTo(server, '/services/page/consult').headers['accept-language']).toBe('en');
    expect(detail).toMatchObject({
      id: '11',
      slug: 'consult',
      bodyHtml: '<p>x</p>',
      url: 'https://example.org/apply',
      group: { slug: 'sme', title: 'บริการผู้ประกอบการ' },
    });
    expect(detail.icon?.url).toBe(`${server.url}/files/covers/consult.svg`);
    expect(detail.attachments[0]?.url).toBe(`${server.url}/files/docs/form.pdf`);
  });

  it('maps a service group with its services, an icon-less service keeping a null icon', async () => {
    server.respond('/services/groups/sme', {
      data: {
        slug: 'sme',
        title: 'บริการผู้ประกอบการ',
        description: 'บริการทั้งหมด',
        services: [service('a'), service('b', { icon: null })],
      },
    });
    const group = await getServiceGroup('sme', 'th');
    expect(group.title).toBe('บริการผู้ประกอบการ');
    expect(group.services.map((s) => s.slug)).toEqual(['a', 'b']);
    expect(group.services[1]?.icon).toBeNull();
  });

  it('encodes a slug that holds reserved characters', async () => {
    server.respond('/services/groups/a%2Fb', { data: { slug: 'a/b', title: 'x', description: '', services: [] } });
    await getServiceGroup('a/b', 'th');
    expect(lastRequestTo(server, '/services/groups/a%2Fb').method).toBe('GET');
  });
});
