// Response shapes against docs/api-contract.md, written as strict zod schemas: a missing or
// extra field fails. One call per endpoint, in English and Thai.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startTestApi, type TestApi } from './harness';

const dateTime = z.iso.datetime({ offset: true });
const date = z.iso.date();
const Image = z.strictObject({
  url: z.string().startsWith('/files/'),
  width: z.number().int(),
  height: z.number().int(),
  alt: z.string(),
});
const Attachment = z.strictObject({
  name: z.string().min(1),
  url: z.string().startsWith('/files/'),
  mime: z.string(),
  size_bytes: z.number().int().positive(),
});
const Category = z.strictObject({ id: z.number().int(), slug: z.string(), title: z.string(), count: z.number().int() });
const Department = z.strictObject({ slug: z.string(), title: z.string() });
const ArticleSummary = z.strictObject({
  id: z.number().int(),
  slug: z.string(),
  title: z.string().min(5),
  summary: z.string(),
  cover: Image.nullable(),
  category: Category,
  department: Department.nullable(),
  published_at: dateTime,
  views: z.number().int(),
});
const Article = ArticleSummary.extend({
  body_html: z.string(),
  updated_at: dateTime,
  attachments: z.array(Attachment),
  related: z.array(ArticleSummary).max(4),
}).strict();
const ActivitySummary = z.strictObject({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  cover: Image.nullable(),
  category: Category,
  department: Department.nullable(),
  kind: z.enum(['activity', 'training']),
  start_date: date,
  end_date: date,
  location: z.string(),
  published_at: dateTime,
});
const Activity = ActivitySummary.extend({
  body_html: z.string(),
  attachments: z.array(Attachment),
  related: z.array(ActivitySummary),
}).strict();
const NewsItem = z.strictObject({
  type: z.enum(['article', 'activity']),
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  cover: Image.nullable(),
  published_at: dateTime,
  source: z.enum(['own', 'moc']),
});
const EventCategory = z.strictObject({
  id: z.number().int(),
  title: z.string(),
  color: z.string().regex(/^#[0-9a-f]{6}$/),
});
const Event = z.strictObject({
  id: z.number().int(),
  title: z.string(),
  summary: z.string(),
  location: z.string(),
  start_at: dateTime,
  end_at: dateTime,
  all_day: z.boolean(),
  category: EventCategory,
  type: z.literal('activity').nullable(),
  activity_id: z.number().int().nullable(),
});
const Banner = z.strictObject({ uuid: z.string(), title: z.string(), image: Image, link: z.string().nullable() });
const BookSummary = z.strictObject({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  cover: Image,
  published_at: dateTime,
  views: z.number().int(),
  category: Category,
});
const Book = BookSummary.extend({ body_html: z.string(), pdf: Attachment, pages: z.number().int() }).strict();
const MediaSummary = z.strictObject({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  cover: Image,
  kind: z.enum(['gallery', 'video']),
  published_at: dateTime,
  category: Category,
});
const Media = MediaSummary.extend({
  body_html: z.string(),
  images: z.array(Image),
  video: Attachment.nullable(),
}).strict();
const Purchase = z.strictObject({
  uuid: z.string(),
  title: z.string(),
  summary: z.string(),
  group: z.strictObject({ id: z.number().int(), title: z.string() }),
  method: z.string(),
  budget: z.number().int().nullable(),
  status: z.enum(['open', 'closed', 'awarded']),
  announced_at: dateTime,
  closing_at: dateTime.nullable(),
});
const PurchaseDetail = Purchase.extend({ body_html: z.string(), attachments: z.array(Attachment) }).strict();
const Service = z.strictObject({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  icon: Image.nullable(),
  group: z.strictObject({ slug: z.string(), title: z.string() }),
});
const ServiceDetail = Service.extend({
  body_html: z.string(),
  url: z.string().nullable(),
  attachments: z.array(Attachment),
}).strict();
const ServiceGroup = z.strictObject({
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  services: z.array(Service),
});
const Manual = z.strictObject({
  uuid: z.string(),
  title: z.string(),
  summary: z.string(),
  group: z.strictObject({ id: z.number().int(), title: z.string() }),
  updated_at: dateTime,
  highlight: z.boolean(),
});
const ManualDetail = Manual.extend({ body_html: z.string(), attachments: z.array(Attachment) }).strict();
const ManualGroup = z.strictObject({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  count: z.number().int(),
});
const Profile = {
  id: z.number().int(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  prefix_id: z.number().int(),
  uuid: z.string(),
  is_admin: z.boolean(),
};
const Token = z.strictObject({ accessToken: z.string(), expiresIn: z.number().int() });
const MenuItem: z.ZodType<any> = z.lazy(() =>
  z.strictObject({ id: z.string(), title: z.string(), path: z.string(), children: z.array(MenuItem) }),
);
const OnlineService = z.strictObject({
  id: z.number().int(),
  title: z.string(),
  summary: z.string(),
  icon: Image.nullable(),
  category_id: z.number().int(),
  url: z.string().nullable(),
});
const IdTitleCount = z.strictObject({ id: z.number().int(), title: z.string(), count: z.number().int() });
const HomeService = z.strictObject({
  id: z.number().int(),
  title: z.string(),
  summary: z.string(),
  cover: Image.nullable(),
});
const StaffSummary = z.strictObject({
  id: z.number().int(),
  name: z.string(),
  position: z.string(),
  photo: Image.nullable(),
});
const ProcureItem = z.strictObject({
  id: z.number().int(),
  title: z.string(),
  published_at: dateTime,
  attachments: z.array(Attachment),
});
const CommonContent = z.strictObject({
  id: z.number().int(),
  title: z.string(),
  summary: z.string(),
  published_at: dateTime,
});
const Room = z.strictObject({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  thread_count: z.number().int(),
  last_post_at: dateTime.nullable(),
});
const Thread = z.strictObject({
  id: z.number().int(),
  room_id: z.number().int(),
  title: z.string(),
  author: z.string(),
  replies: z.number().int(),
  views: z.number().int(),
  created_at: dateTime,
  last_post_at: dateTime,
  locked: z.boolean(),
});
const Post = z.strictObject({
  id: z.number().int(),
  author: z.string(),
  body: z.string(),
  created_at: dateTime,
  edited_at: dateTime.nullable(),
  hidden: z.boolean(),
  editable_until: dateTime.nullable(),
});
const data = <T extends z.ZodType>(t: T) => z.strictObject({ data: t });
const list = <T extends z.ZodType>(t: T) => z.strictObject({ data: z.array(t).min(1) });
const paged = <T extends z.ZodType>(t: T) =>
  z.strictObject({
    result: z.array(t).min(1),
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
  });
const Intro = data(
  z.strictObject({
    title: z.string(),
    body_html: z.string(),
    image: Image,
    enter_label: z.string(),
    enter_path: z.string(),
  }),
);

let api: TestApi;
let token: string;
beforeAll(async () => {
  api = await startTestApi();
  token = (await api.call('/customer/auth', { json: { username: 'member', password: 'member1234', is_admin: false } }))
    .body.token.accessToken;
});
afterAll(async () => {
  await api?.dispose();
});

/** [path, schema]; placeholders in paths are resolved by `resolve` below. */
const CASES: [string, z.ZodType][] = [
  ['/content/page/a', data(Article)],
  ['/content/page/{article}', data(Article)],
  ['/content/category/all', paged(ArticleSummary)],
  ['/content/category/export', paged(ArticleSummary)],
  ['/content/category/own/all', paged(ArticleSummary)],
  ['/content/dropdown/category', list(Category)],
  ['/content/rss', list(ArticleSummary)],
  ['/common/public-news', list(NewsItem)],
  ['/common/public-news/moc', list(NewsItem)],
  ['/common/activity', list(NewsItem)],
  ['/common/activity/moc', list(NewsItem)],
  [
    '/common/events',
    data(z.strictObject({ events: z.array(Event).min(1), categories: z.array(EventCategory).min(1) })),
  ],
  ['/activity/category/all', paged(ActivitySummary)],
  ['/activity/dropdown/category', list(Category)],
  ['/activity/category/{activityCategory}', paged(ActivitySummary)],
  ['/activity/category/own/all', paged(ActivitySummary)],
  ['/activity/page/1', data(Activity)],
  [
    '/home/summary',
    list(z.strictObject({ id: z.number().int(), label: z.string(), value: z.number(), unit: z.string() })),
  ],
  ['/home/intropage', Intro],
  ['/home/intropage-v2', Intro],
  [
    '/home/academy',
    list(
      z.strictObject({
        id: z.number().int(),
        title: z.string(),
        summary: z.string(),
        cover: Image.nullable(),
        start_date: date,
        activity_id: z.number().int(),
      }),
    ),
  ],
  ['/home/content/news-tabs', list(z.strictObject({ key: z.string(), title: z.string(), items: z.array(NewsItem) }))],
  ['/home/events-and-seminar', list(Event)],
  ['/home/success-case', list(ArticleSummary)],
  ['/home/multimedia', list(MediaSummary)],
  ['/home/book', list(BookSummary)],
  [
    '/home/popup',
    data(
      z.strictObject({
        isModal: z.boolean(),
        title: z.string(),
        text: z.string(),
        link: z.string().nullable(),
        path: z.string().nullable(),
      }),
    ),
  ],
  ['/tracking/visitors', data(z.strictObject({ total: z.number().int(), today: z.number().int() }))],
  ['/services/home/single-page', list(Service)],
  ['/services/home', list(ServiceGroup)],
  ['/manual/home/highlight', list(Manual)],
  ['/purchase/all?page=1&limit=5', paged(Purchase)],
  ['/home/banner/main', list(Banner)],
  ['/banner/link', list(Banner)],
  ['/banner/learning', list(Banner)],
  ['/home/banner/exchange-link', list(Banner)],
  ['/book/template', data(z.strictObject({ title: z.string(), description: z.string(), banner: Image }))],
  ['/book/category/all', paged(BookSummary)],
  ['/book/page/{book}', data(Book)],
  ['/media/category/all', paged(MediaSummary)],
  ['/media/dropdown/category', list(Category)],
  ['/media/page/{media}', data(Media)],
  ['/media/page/{video}', data(Media)],
  [
    '/contact/department',
    list(
      z.strictObject({
        id: z.number().int(),
        slug: z.string(),
        name: z.string(),
        address: z.string(),
        phone: z.string(),
        fax: z.string(),
        email: z.string(),
        hours: z.string(),
        map_image: Image.nullable(),
        divisions: z.array(
          z.strictObject({ id: z.number().int(), name: z.string(), phone: z.string(), email: z.string() }),
        ),
      }),
    ),
  ],
  ['/contact/covers', list(Banner)],
  [
    '/contact/division',
    list(
      z.strictObject({
        id: z.number().int(),
        name: z.string(),
        head: z.string(),
        phone: z.string(),
        email: z.string(),
        department_id: z.number().int(),
      }),
    ),
  ],
  ['/contact/division/cover', data(Image)],
  ['/contact/division/attachments', list(Attachment)],
  ['/contact/departments', list(z.strictObject({ id: z.number().int(), slug: z.string(), name: z.string() }))],
  [
    '/contact/province',
    z.strictObject({
      data: z
        .array(
          z.strictObject({
            id: z.number().int(),
            province: z.string(),
            region: z.strictObject({ id: z.string(), title: z.string() }),
            office: z.string(),
            address: z.string(),
            phone: z.string(),
            email: z.string(),
          }),
        )
        .length(77),
      regions: z.array(z.strictObject({ id: z.string(), title: z.string() })).length(7),
    }),
  ],
  ['/purchase/view/{purchase}', data(PurchaseDetail)],
  ['/purchase/home', list(Purchase)],
  ['/purchase/group', list(IdTitleCount)],
  ['/services/page/business-clinic', data(ServiceDetail)],
  ['/services/groups/consulting', data(ServiceGroup)],
  ['/manual/group/1', paged(Manual)],
  ['/manual/view/{manual}', data(ManualDetail)],
  ['/manual/search', paged(Manual)],
  ['/manual/groups?page=1&limit=9999', paged(ManualGroup)],
  ['/manual/home', list(Manual)],
  ['/manual/page/registration', data(z.strictObject({ group: ManualGroup, manuals: z.array(Manual).min(1) }))],
  [
    '/survey?page=1',
    z.strictObject({
      results: z
        .array(
          z.strictObject({
            id: z.number().int(),
            title: z.string(),
            description: z.string(),
            question_count: z.number().int(),
            closes_at: dateTime.nullable(),
          }),
        )
        .min(1),
      current_page: z.number().int(),
      total: z.number().int(),
    }),
  ],
  [
    '/survey/1',
    data(
      z.strictObject({
        id: z.number().int(),
        title: z.string(),
        description: z.string(),
        closes_at: dateTime.nullable(),
        sections: z.array(
          z.strictObject({
            id: z.number().int(),
            title: z.string(),
            questions: z.array(
              z.strictObject({
                id: z.number().int(),
                type: z.enum(['single', 'multiple', 'text', 'rating']),
                label: z.string(),
                required: z.boolean(),
                options: z.array(z.strictObject({ value: z.string(), label: z.string() })),
                max: z.number().int().nullable(),
              }),
            ),
          }),
        ),
      }),
    ),
  ],
  [
    '/search?keyword=SME',
    z.strictObject({
      results: z
        .array(
          z.strictObject({
            type: z.string(),
            id: z.number().int().nullable(),
            slug: z.string().nullable(),
            uuid: z.string().nullable(),
            title: z.string(),
            summary: z.string(),
            published_at: z.string().nullable(),
          }),
        )
        .min(1),
      current_page: z.number().int(),
      total: z.number().int(),
      categories: z.array(z.strictObject({ cate: z.string(), count: z.number().int() })),
    }),
  ],
  [
    '/master/quick-menu',
    list(z.strictObject({ id: z.number().int(), title: z.string(), path: z.string(), icon: Image })),
  ],
  ['/faqs/groups', list(IdTitleCount)],
  [
    '/faqs',
    paged(
      z.strictObject({
        id: z.number().int(),
        question: z.string(),
        answer_html: z.string(),
        group_id: z.number().int(),
      }),
    ),
  ],
  ['/menu', list(MenuItem)],
  ['/new-menu', list(MenuItem)],
  [
    '/footer',
    data(
      z.strictObject({
        agency_name: z.string(),
        address: z.string(),
        phone: z.string(),
        fax: z.string(),
        email: z.string(),
        hours: z.string(),
        columns: z.array(
          z.strictObject({
            title: z.string(),
            links: z.array(z.strictObject({ title: z.string(), path: z.string() })),
          }),
        ),
        copyright: z.string(),
      }),
    ),
  ],
  [
    '/consent',
    data(
      z.strictObject({
        version: z.string(),
        title: z.string(),
        body_html: z.string(),
        accept_label: z.string(),
        decline_label: z.string(),
        policy_path: z.string().nullable(),
      }),
    ),
  ],
  [
    '/law?page=1&page_size=10',
    paged(
      z.strictObject({
        id: z.number().int(),
        title: z.string(),
        summary: z.string(),
        body_html: z.string(),
        law_categories_id: z.number().int(),
        law_sub_categories_id: z.number().int().nullable(),
        enacted_at: date,
        views: z.number().int(),
        attachments: z.array(Attachment),
      }),
    ),
  ],
  [
    '/law/categories?page=1&page_size=500',
    paged(z.strictObject({ id: z.number().int(), title_th: z.string(), title_en: z.string() })),
  ],
  [
    '/law/subcategories?page=1&page_size=500',
    paged(
      z.strictObject({
        id: z.number().int(),
        title_th: z.string(),
        title_en: z.string(),
        law_categories_id: z.number().int(),
      }),
    ),
  ],
  ['/download-form/category', list(IdTitleCount)],
  [
    '/download-form/sub-category/1',
    list(z.strictObject({ id: z.number().int(), title: z.string(), files: z.array(Attachment).min(1) })),
  ],
  ['/online-service/hot-service', list(OnlineService)],
  ['/online-service/category/list', list(IdTitleCount)],
  [
    '/online-service/1',
    data(z.strictObject({ id: z.number().int(), title: z.string(), services: z.array(OnlineService).min(1) })),
  ],
  ['/online-service/service-category/1', list(OnlineService)],
  [
    '/online-service/view/1',
    data(OnlineService.extend({ body_html: z.string(), attachments: z.array(Attachment) }).strict()),
  ],
  ['/home-service/home', list(HomeService)],
  [
    '/home-service/detail/1',
    data(HomeService.extend({ body_html: z.string(), attachments: z.array(Attachment) }).strict()),
  ],
  [
    '/collapse?module_id=1',
    data(
      z.strictObject({
        module: z.strictObject({ id: z.number().int(), title: z.string() }),
        groups: z
          .array(
            z.strictObject({
              id: z.number().int(),
              title: z.string(),
              items: z.array(z.strictObject({ id: z.number().int(), title: z.string(), summary: z.string() })).min(1),
            }),
          )
          .min(1),
      }),
    ),
  ],
  [
    '/collapse/content/1?module_id=1',
    data(
      z.strictObject({
        id: z.number().int(),
        title: z.string(),
        body_html: z.string(),
        group_id: z.number().int(),
        updated_at: dateTime,
      }),
    ),
  ],
  ['/collapse/manual/highlight', list(Manual)],
  [
    '/organization?module_id=1',
    data(
      z.strictObject({
        module: z.strictObject({ id: z.number().int(), title: z.string() }),
        divisions: z
          .array(
            z.strictObject({
              id: z.number().int(),
              title: z.string(),
              parent_id: z.number().int().nullable(),
              staff: z.array(StaffSummary),
            }),
          )
          .min(1),
      }),
    ),
  ],
  [
    '/organization/staff/1?module_id=1',
    data(
      StaffSummary.extend({
        email: z.string(),
        phone: z.string(),
        biography_html: z.string(),
        division: z.strictObject({ id: z.number().int(), title: z.string() }),
      }).strict(),
    ),
  ],
  [
    '/procure/group',
    list(z.strictObject({ id: z.number().int(), title: z.string(), procure_list: z.array(ProcureItem).min(1) })),
  ],
  ['/procure/content?group_id=1&page=1', paged(ProcureItem)],
  [
    '/common-article/category?module_id=1',
    list(
      z.strictObject({
        id: z.number().int(),
        title: z.string(),
        parent_id: z.number().int().nullable(),
        module_id: z.number().int(),
        count: z.number().int(),
      }),
    ),
  ],
  ['/common-article/no-parent/content/1', list(CommonContent)],
  [
    '/common-article/category/1',
    data(
      z.strictObject({
        id: z.number().int(),
        title: z.string(),
        module_id: z.number().int(),
        contents: z.array(CommonContent).min(1),
      }),
    ),
  ],
  [
    '/common-article/content/1',
    data(
      CommonContent.extend({
        body_html: z.string(),
        category_id: z.number().int().nullable(),
        module_id: z.number().int(),
        attachments: z.array(Attachment),
      }).strict(),
    ),
  ],
  ['/webboard/room', list(Room)],
  [
    '/webboard/room/1',
    data(
      z.strictObject({
        room: Room,
        threads: z.array(Thread).min(1),
        total: z.number().int(),
        page: z.number().int(),
        limit: z.number().int(),
      }),
    ),
  ],
  [
    '/webboard/thread/1',
    data(
      z.strictObject({
        thread: Thread,
        room: Room,
        posts: z.array(Post).min(1),
        total: z.number().int(),
        page: z.number().int(),
        limit: z.number().int(),
      }),
    ),
  ],
];

async function resolve(path: string): Promise<string> {
  const first = async (p: string, pick: (b: any) => string) => pick((await api.call(p)).body);
  const map: Record<string, () => Promise<string>> = {
    article: () => first('/content/category/all', (b) => b.result[0].slug),
    activityCategory: () => first('/activity/dropdown/category', (b) => String(b.data[0].id)),
    book: () => first('/book/category/all', (b) => b.result[0].slug),
    media: () => first('/media/category/all', (b) => b.result.find((m: any) => m.kind === 'gallery').slug),
    video: () => first('/media/category/all', (b) => b.result.find((m: any) => m.kind === 'video').slug),
    purchase: () => first('/purchase/all', (b) => b.result[0].uuid),
    manual: () => first('/manual/search', (b) => b.result[0].uuid),
  };
  let out = path;
  for (const m of path.matchAll(/\{(\w+)\}/g)) out = out.replace(m[0], await map[m[1]]());
  return out;
}

describe('response shapes of docs/api-contract.md', () => {
  for (const lang of ['en', 'th']) {
    it(`match in ${lang}`, async () => {
      const problems: string[] = [];
      for (const [template, schema] of CASES) {
        const path = await resolve(template);
        const res = await api.call(path, { lang, token });
        const parsed = schema.safeParse(res.body);
        if (res.status !== 200 || !parsed.success)
          problems.push(`${path} (${res.status}): ${parsed.error ? z.prettifyError(parsed.error).slice(0, 400) : ''}`);
      }
      expect(problems).toEqual([]);
    });
  }

  it('login shapes of spec point 7', async () => {
    const login = (await api.call('/auth/login', { json: { username: 'member', password: 'member1234' } })).body;
    expect(() => data(z.strictObject({ token: Token, user: z.strictObject(Profile) })).parse(login)).not.toThrow();
    const board = (
      await api.call('/customer/auth', { json: { username: 'member', password: 'member1234', is_admin: false } })
    ).body;
    expect(() => z.strictObject({ token: Token, ...Profile }).parse(board)).not.toThrow();
  });
});
