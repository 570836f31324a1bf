import { describe, expect, it } from 'vitest';
import {
  getContactCovers,
  getContactDepartment,
  getContactDivisionAttachments,
  getContactDivisionCover,
  getContactDivisions,
  getProvinceContacts,
} from './api';
import { attachment, image, lastRequestTo, areaTestServer } from '../../../tests/support/api-test-server';

const server = areaTestServer();

const provinces = {
  data: [
    {
      id: 50,
      province: 'เชียงใหม่',
      region: { id: 'north', title: 'ภาคเหนือ' },
      office: 'สำนักงานพาณิชย์จังหวัดเชียงใหม่',
      address: 'ศูนย์ราชการจังหวัดเชียงใหม่',
      phone: '053 112 345',
      email: null,
    },
  ],
  regions: [
    { id: 'north', title: 'ภาคเหนือ' },
    { id: 'south', title: 'ภาคใต้' },
  ],
};

describe('province contacts', () => {
  it("leaves out the Thai 'all regions' value from the filter", async () => {
    server.respond('/contact/province', provinces);
    await getProvinceContacts({ region: 'ทุกภาค' }, 'th');
    expect(lastRequestTo(server, '/contact/province').search).toBe('');
    await getProvinceContacts({ region: 'ทุกภาค', keyword: 'เชียง' }, 'th');
    expect(Object.fromEntries(lastRequestTo(server, '/contact/province').query)).toEqual({ keyword: 'เชียง' });
  });

  it('sends a real region id and leaves out an empty keyword', async () => {
    server.respond('/contact/province', provinces);
    await getProvinceContacts({ region: 'north', keyword: '' }, 'th');
    expect(lastRequestTo(server, '/contact/province').search).toBe('?region=north');
  });

  it('returns the provinces and the regions to filter by', async () => {
    server.respond('/contact/province', provinces);
    const result = await getProvinceContacts({}, 'th');
    expect(result.regions).toEqual([
      { id: 'north', title: 'ภาคเหนือ' },
      { id: 'south', title: 'ภาคใต้' },
    ]);
    expect(result.provinces).toEqual([
      {
        id: '50',
        province: 'เชียงใหม่',
        region: { id: 'north', title: 'ภาคเหนือ' },
        office: 'สำนักงานพาณิชย์จังหวัดเชียงใหม่',
        address: 'ศูนย์ราชการจังหวัดเชียงใหม่',
        phone: '053 112 345',
        email: '',
      },
    ]);
  });
});

describe('contact pages', () => {
  it('maps the departments with their divisions and map image', async () => {
    server.respond('/contact/department', {
      data: [
        {
          id: 1,
          slug: 'hq',
          name: 'สำนักงานใหญ่',
          address: 'ถนนนนทบุรี',
          phone: '02 547 5050',
          fax: null,
          email: 'contact@example.go.th',
          hours: 'จันทร์–ศุกร์ 08:30–16:30',
          map_image: image('map'),
          divisions: [{ id: 9, name: 'กองกลาง', phone: '02 547 5051', email: 'central@example.go.th' }],
        },
      ],
    });
    const [hq] = await getContactDepartment('th');
    expect(hq).toMatchObject({ id: '1', slug: 'hq', fax: '', hours: 'จันทร์–ศุกร์ 08:30–16:30' });
    expect(hq?.mapImage?.url).toBe(`${server.url}/files/covers/map.svg`);
    expect(hq?.divisions).toEqual([{ id: '9', name: 'กองกลาง', phone: '02 547 5051', email: 'central@example.go.th' }]);
  });

  it('maps covers, divisions, the division cover and attachments', async () => {
    server.respond('/contact/covers', {
      data: [{ uuid: 'c-1', title: 'ติดต่อเรา', image: image('contact'), link: null }],
    });
    server.respond('/contact/division', {
      data: [{ id: 9, name: 'กองกลาง', head: 'ผู้อำนวยการกองกลาง', phone: '02', email: null, department_id: 1 }],
    });
    server.respond('/contact/division/cover', { data: image('division') });
    server.respond('/contact/division/attachments', { data: [attachment('org-chart')] });

    expect((await getContactCovers('th'))[0]).toMatchObject({ uuid: 'c-1', link: null });
    expect(await getContactDivisions('th')).toEqual([
      { id: '9', name: 'กองกลาง', head: 'ผู้อำนวยการกองกลาง', phone: '02', email: '', departmentId: '1' },
    ]);
    expect((await getContactDivisionCover('th')).url).toBe(`${server.url}/files/covers/division.svg`);
    expect((await getContactDivisionAttachments('th'))[0]?.name).toBe('org-chart.pdf');
  });
});
