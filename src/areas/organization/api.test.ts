import { describe, expect, it } from 'vitest';
import { getOrganization, getStaff } from './api';
import { image, lastRequestTo, areaTestServer } from '../../../tests/support/api-test-server';

const server = areaTestServer();

const person = { id: 4, name: 'นางสาวสมใจ ใจดี', position: 'อธิบดี', photo: image('staff-4') };

describe('organization', () => {
  it('sends module_id and maps divisions with parent ids and staff', async () => {
    server.respond('/organization', {
      data: {
        module: { id: 8, title: 'โครงสร้างองค์กร' },
        divisions: [
          { id: 1, title: 'ผู้บริหาร', parent_id: null, staff: [person] },
          { id: 2, title: 'กองกลาง', parent_id: 1, staff: [{ ...person, id: 5, photo: null }] },
        ],
      },
    });
    const org = await getOrganization(8, 'th');
    expect(lastRequestTo(server, '/organization').search).toBe('?module_id=8');
    expect(org.module).toEqual({ id: '8', title: 'โครงสร้างองค์กร' });
    expect(org.divisions.map((d) => [d.id, d.parentId])).toEqual([
      ['1', null],
      ['2', '1'],
    ]);
    expect(org.divisions[0]?.staff[0]?.photo?.url).toBe(`${server.url}/files/covers/staff-4.svg`);
    expect(org.divisions[1]?.staff[0]?.photo).toBeNull();
  });

  it('reads a staff member with module_id, unpublished contacts as empty text', async () => {
    server.respond('/organization/staff/4', {
      data: {
        ...person,
        email: 'somjai@example.go.th',
        phone: null,
        biography_html: '<p>ประวัติ</p>',
        division: { id: 1, title: 'ผู้บริหาร' },
      },
    });
    const staff = await getStaff(4, 8, 'th');
    expect(lastRequestTo(server, '/organization/staff/4').search).toBe('?module_id=8');
    expect(staff).toMatchObject({
      id: '4',
      name: 'นางสาวสมใจ ใจดี',
      email: 'somjai@example.go.th',
      phone: '',
      biographyHtml: '<p>ประวัติ</p>',
      division: { id: '1', title: 'ผู้บริหาร' },
    });
  });
});
