-- Schema of the reference content API. Text shown to people has a _th and an _en column;
-- the request's Accept-Language picks one. Files (covers, PDFs) are paths under /files/.
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);

-- Small structured documents (menus, footer, consent, popup, intro pages...), one JSON per language.
CREATE TABLE IF NOT EXISTS documents (key TEXT PRIMARY KEY, json_th TEXT NOT NULL, json_en TEXT NOT NULL);

CREATE TABLE IF NOT EXISTS categories (
  id INTEGER PRIMARY KEY, area TEXT NOT NULL, slug TEXT NOT NULL,
  title_th TEXT NOT NULL, title_en TEXT NOT NULL, sort INTEGER NOT NULL DEFAULT 0,
  UNIQUE (area, slug));

-- Departments: 'own' and 'moc' (the two news sources) and the agency's offices (kind 'office').
CREATE TABLE IF NOT EXISTS departments (
  id INTEGER PRIMARY KEY, slug TEXT NOT NULL UNIQUE, kind TEXT NOT NULL,
  name_th TEXT NOT NULL, name_en TEXT NOT NULL, address_th TEXT, address_en TEXT,
  phone TEXT, fax TEXT, email TEXT, hours_th TEXT, hours_en TEXT, map_image TEXT);

CREATE TABLE IF NOT EXISTS divisions (
  id INTEGER PRIMARY KEY, department_id INTEGER NOT NULL REFERENCES departments(id),
  name_th TEXT NOT NULL, name_en TEXT NOT NULL, head_th TEXT, head_en TEXT, phone TEXT, email TEXT);

CREATE TABLE IF NOT EXISTS regions (id TEXT PRIMARY KEY, title_th TEXT NOT NULL, title_en TEXT NOT NULL, sort INTEGER);
CREATE TABLE IF NOT EXISTS province_contacts (
  id INTEGER PRIMARY KEY, region_id TEXT NOT NULL REFERENCES regions(id),
  province_th TEXT NOT NULL, province_en TEXT NOT NULL, office_th TEXT NOT NULL, office_en TEXT NOT NULL,
  address_th TEXT NOT NULL, address_en TEXT NOT NULL, phone TEXT, email TEXT);

CREATE TABLE IF NOT EXISTS articles (
  id INTEGER PRIMARY KEY, slug TEXT NOT NULL UNIQUE, category_id INTEGER REFERENCES categories(id),
  department_id INTEGER REFERENCES departments(id), source TEXT NOT NULL DEFAULT 'own',
  is_page INTEGER NOT NULL DEFAULT 0, is_success_case INTEGER NOT NULL DEFAULT 0,
  region_id TEXT, province_id INTEGER,
  title_th TEXT NOT NULL, title_en TEXT NOT NULL, summary_th TEXT NOT NULL, summary_en TEXT NOT NULL,
  body_th TEXT NOT NULL, body_en TEXT NOT NULL, cover TEXT,
  published_at TEXT NOT NULL, updated_at TEXT NOT NULL, views INTEGER NOT NULL DEFAULT 0);
CREATE INDEX IF NOT EXISTS articles_pub ON articles (published_at DESC);
CREATE INDEX IF NOT EXISTS articles_cat ON articles (category_id, published_at DESC);
CREATE INDEX IF NOT EXISTS articles_list ON articles (published_at DESC, id DESC);
CREATE INDEX IF NOT EXISTS articles_source ON articles (source, published_at DESC, id DESC);
CREATE INDEX IF NOT EXISTS articles_dept ON articles (department_id, published_at DESC, id DESC);
-- The paged lists the build reads (count and page of each): the whole list, and one category of
-- one source or office, each an index search instead of a scan (a full site's sync reads them all).
CREATE INDEX IF NOT EXISTS articles_page_list ON articles (is_page, published_at DESC, id DESC);
CREATE INDEX IF NOT EXISTS articles_source_cat ON articles (source, category_id, is_page, published_at DESC, id DESC);
CREATE INDEX IF NOT EXISTS articles_dept_cat ON articles (department_id, category_id, is_page, published_at DESC, id DESC);

CREATE TABLE IF NOT EXISTS activities (
  id INTEGER PRIMARY KEY, slug TEXT NOT NULL UNIQUE, category_id INTEGER REFERENCES categories(id),
  department_id INTEGER REFERENCES departments(id), source TEXT NOT NULL DEFAULT 'own', kind TEXT NOT NULL,
  title_th TEXT NOT NULL, title_en TEXT NOT NULL, summary_th TEXT NOT NULL, summary_en TEXT NOT NULL,
  body_th TEXT NOT NULL, body_en TEXT NOT NULL, cover TEXT, location_th TEXT, location_en TEXT,
  start_date TEXT NOT NULL, end_date TEXT NOT NULL, published_at TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS activities_pub ON activities (published_at DESC);
-- Lists newest first and each activity's related items (a sync asks these once per record).
CREATE INDEX IF NOT EXISTS activities_start ON activities (start_date DESC, id DESC);
CREATE INDEX IF NOT EXISTS activities_cat ON activities (category_id, start_date DESC);
CREATE INDEX IF NOT EXISTS activities_source ON activities (source, start_date DESC, id DESC);
CREATE INDEX IF NOT EXISTS activities_dept ON activities (department_id, start_date DESC, id DESC);
CREATE INDEX IF NOT EXISTS activities_source_cat ON activities (source, category_id, start_date DESC, id DESC);
CREATE INDEX IF NOT EXISTS activities_dept_cat ON activities (department_id, category_id, start_date DESC, id DESC);

CREATE TABLE IF NOT EXISTS event_categories (id INTEGER PRIMARY KEY, title_th TEXT NOT NULL, title_en TEXT NOT NULL, color TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS events (
  id INTEGER PRIMARY KEY, category_id INTEGER NOT NULL REFERENCES event_categories(id), activity_id INTEGER,
  title_th TEXT NOT NULL, title_en TEXT NOT NULL, summary_th TEXT NOT NULL, summary_en TEXT NOT NULL,
  location_th TEXT, location_en TEXT, start_at TEXT NOT NULL, end_at TEXT NOT NULL, all_day INTEGER NOT NULL DEFAULT 0);

-- Attachments of any record: owner is e.g. ('article', 12) or ('purchase', '<uuid>').
CREATE TABLE IF NOT EXISTS attachments (
  id INTEGER PRIMARY KEY, owner_type TEXT NOT NULL, owner_id TEXT NOT NULL,
  name_th TEXT NOT NULL, name_en TEXT NOT NULL, url TEXT NOT NULL, mime TEXT NOT NULL, size_bytes INTEGER NOT NULL);
CREATE INDEX IF NOT EXISTS attachments_owner ON attachments (owner_type, owner_id);

CREATE TABLE IF NOT EXISTS banners (
  uuid TEXT PRIMARY KEY, place TEXT NOT NULL, sort INTEGER NOT NULL,
  title_th TEXT NOT NULL, title_en TEXT NOT NULL, image TEXT NOT NULL, width INTEGER, height INTEGER,
  link TEXT, clicks INTEGER NOT NULL DEFAULT 0);

CREATE TABLE IF NOT EXISTS books (
  id INTEGER PRIMARY KEY, slug TEXT NOT NULL UNIQUE, category_id INTEGER REFERENCES categories(id),
  title_th TEXT NOT NULL, title_en TEXT NOT NULL, summary_th TEXT NOT NULL, summary_en TEXT NOT NULL,
  body_th TEXT NOT NULL, body_en TEXT NOT NULL, cover TEXT NOT NULL, pdf TEXT NOT NULL, pages INTEGER NOT NULL,
  published_at TEXT NOT NULL, views INTEGER NOT NULL DEFAULT 0);

CREATE TABLE IF NOT EXISTS media (
  id INTEGER PRIMARY KEY, slug TEXT NOT NULL UNIQUE, category_id INTEGER REFERENCES categories(id), kind TEXT NOT NULL,
  title_th TEXT NOT NULL, title_en TEXT NOT NULL, summary_th TEXT NOT NULL, summary_en TEXT NOT NULL,
  body_th TEXT NOT NULL, body_en TEXT NOT NULL, cover TEXT NOT NULL, images TEXT NOT NULL, video TEXT,
  published_at TEXT NOT NULL);

-- E-magazines and multimedia are listed newest first, a page at a time.
CREATE INDEX IF NOT EXISTS books_list ON books (published_at DESC, id DESC);
CREATE INDEX IF NOT EXISTS media_list ON media (published_at DESC, id DESC);

CREATE TABLE IF NOT EXISTS purchase_groups (id INTEGER PRIMARY KEY, title_th TEXT NOT NULL, title_en TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS purchases (
  uuid TEXT PRIMARY KEY, seq INTEGER NOT NULL, group_id INTEGER NOT NULL REFERENCES purchase_groups(id),
  title_th TEXT NOT NULL, title_en TEXT NOT NULL, summary_th TEXT NOT NULL, summary_en TEXT NOT NULL,
  body_th TEXT NOT NULL, body_en TEXT NOT NULL, method_th TEXT NOT NULL, method_en TEXT NOT NULL,
  budget INTEGER, status TEXT NOT NULL, announced_at TEXT NOT NULL, closing_at TEXT);
CREATE INDEX IF NOT EXISTS purchases_pub ON purchases (announced_at DESC);
CREATE INDEX IF NOT EXISTS purchases_list ON purchases (announced_at DESC, seq DESC);

CREATE TABLE IF NOT EXISTS service_groups (id INTEGER PRIMARY KEY, slug TEXT NOT NULL UNIQUE, title_th TEXT NOT NULL, title_en TEXT NOT NULL, description_th TEXT NOT NULL, description_en TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS services (
  id INTEGER PRIMARY KEY, slug TEXT NOT NULL UNIQUE, group_id INTEGER NOT NULL REFERENCES service_groups(id),
  title_th TEXT NOT NULL, title_en TEXT NOT NULL, summary_th TEXT NOT NULL, summary_en TEXT NOT NULL,
  body_th TEXT NOT NULL, body_en TEXT NOT NULL, icon TEXT, url TEXT, highlight INTEGER NOT NULL DEFAULT 0);

CREATE TABLE IF NOT EXISTS manual_groups (id INTEGER PRIMARY KEY, slug TEXT NOT NULL UNIQUE, title_th TEXT NOT NULL, title_en TEXT NOT NULL, description_th TEXT NOT NULL, description_en TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS manuals (
  uuid TEXT PRIMARY KEY, seq INTEGER NOT NULL, group_id INTEGER NOT NULL REFERENCES manual_groups(id),
  title_th TEXT NOT NULL, title_en TEXT NOT NULL, summary_th TEXT NOT NULL, summary_en TEXT NOT NULL,
  body_th TEXT NOT NULL, body_en TEXT NOT NULL, updated_at TEXT NOT NULL, highlight INTEGER NOT NULL DEFAULT 0);

CREATE INDEX IF NOT EXISTS manuals_list ON manuals (updated_at DESC, seq DESC);
CREATE INDEX IF NOT EXISTS manuals_group ON manuals (group_id, updated_at DESC, seq DESC);

CREATE TABLE IF NOT EXISTS surveys (id INTEGER PRIMARY KEY, title_th TEXT NOT NULL, title_en TEXT NOT NULL, description_th TEXT NOT NULL, description_en TEXT NOT NULL, closes_at TEXT);
CREATE TABLE IF NOT EXISTS survey_sections (id INTEGER PRIMARY KEY, survey_id INTEGER NOT NULL REFERENCES surveys(id), sort INTEGER NOT NULL, title_th TEXT NOT NULL, title_en TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS survey_questions (
  id INTEGER PRIMARY KEY, section_id INTEGER NOT NULL REFERENCES survey_sections(id), sort INTEGER NOT NULL,
  type TEXT NOT NULL, label_th TEXT NOT NULL, label_en TEXT NOT NULL, required INTEGER NOT NULL,
  options TEXT NOT NULL DEFAULT '[]', max INTEGER);  -- options: [{ value, label_th, label_en }]
CREATE TABLE IF NOT EXISTS survey_responses (id INTEGER PRIMARY KEY, survey_id INTEGER NOT NULL REFERENCES surveys(id), created_at TEXT NOT NULL, answers TEXT NOT NULL);

CREATE TABLE IF NOT EXISTS faq_groups (id INTEGER PRIMARY KEY, title_th TEXT NOT NULL, title_en TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS faqs (id INTEGER PRIMARY KEY, group_id INTEGER NOT NULL REFERENCES faq_groups(id), question_th TEXT NOT NULL, question_en TEXT NOT NULL, answer_th TEXT NOT NULL, answer_en TEXT NOT NULL);

CREATE TABLE IF NOT EXISTS law_categories (id INTEGER PRIMARY KEY, title_th TEXT NOT NULL, title_en TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS law_subcategories (id INTEGER PRIMARY KEY, law_categories_id INTEGER NOT NULL REFERENCES law_categories(id), title_th TEXT NOT NULL, title_en TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS laws (
  id INTEGER PRIMARY KEY, law_categories_id INTEGER NOT NULL, law_sub_categories_id INTEGER,
  title_th TEXT NOT NULL, title_en TEXT NOT NULL, summary_th TEXT NOT NULL, summary_en TEXT NOT NULL,
  body_th TEXT NOT NULL, body_en TEXT NOT NULL, enacted_at TEXT NOT NULL, views INTEGER NOT NULL DEFAULT 0);
CREATE INDEX IF NOT EXISTS laws_list ON laws (enacted_at DESC, id DESC);

CREATE TABLE IF NOT EXISTS download_categories (id INTEGER PRIMARY KEY, title_th TEXT NOT NULL, title_en TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS download_subcategories (id INTEGER PRIMARY KEY, category_id INTEGER NOT NULL REFERENCES download_categories(id), title_th TEXT NOT NULL, title_en TEXT NOT NULL);

CREATE TABLE IF NOT EXISTS online_categories (id INTEGER PRIMARY KEY, title_th TEXT NOT NULL, title_en TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS online_services (
  id INTEGER PRIMARY KEY, category_id INTEGER NOT NULL REFERENCES online_categories(id),
  title_th TEXT NOT NULL, title_en TEXT NOT NULL, summary_th TEXT NOT NULL, summary_en TEXT NOT NULL,
  body_th TEXT NOT NULL, body_en TEXT NOT NULL, icon TEXT, url TEXT, hot INTEGER NOT NULL DEFAULT 0);

CREATE TABLE IF NOT EXISTS home_services (
  id INTEGER PRIMARY KEY, title_th TEXT NOT NULL, title_en TEXT NOT NULL, summary_th TEXT NOT NULL, summary_en TEXT NOT NULL,
  body_th TEXT NOT NULL, body_en TEXT NOT NULL, cover TEXT);

-- Collapse, organisation and common-article modules (ids appear in the menus).
-- Module ids are numbered per kind, so /collapse/1/, /organization/1/ and /common-article/1/ all exist.
CREATE TABLE IF NOT EXISTS modules (kind TEXT NOT NULL, id INTEGER NOT NULL, title_th TEXT NOT NULL, title_en TEXT NOT NULL, PRIMARY KEY (kind, id));
CREATE TABLE IF NOT EXISTS collapse_groups (id INTEGER PRIMARY KEY, module_id INTEGER NOT NULL, sort INTEGER NOT NULL, title_th TEXT NOT NULL, title_en TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS collapse_items (
  id INTEGER PRIMARY KEY, group_id INTEGER NOT NULL REFERENCES collapse_groups(id), sort INTEGER NOT NULL,
  title_th TEXT NOT NULL, title_en TEXT NOT NULL, summary_th TEXT NOT NULL, summary_en TEXT NOT NULL,
  body_th TEXT NOT NULL, body_en TEXT NOT NULL, updated_at TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS org_divisions (id INTEGER PRIMARY KEY, module_id INTEGER NOT NULL, parent_id INTEGER, sort INTEGER NOT NULL, title_th TEXT NOT NULL, title_en TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS staff (
  id INTEGER PRIMARY KEY, division_id INTEGER NOT NULL REFERENCES org_divisions(id), sort INTEGER NOT NULL,
  name_th TEXT NOT NULL, name_en TEXT NOT NULL, position_th TEXT NOT NULL, position_en TEXT NOT NULL,
  photo TEXT, email TEXT, phone TEXT, biography_th TEXT NOT NULL, biography_en TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS common_categories (id INTEGER PRIMARY KEY, module_id INTEGER NOT NULL, parent_id INTEGER, title_th TEXT NOT NULL, title_en TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS common_contents (
  id INTEGER PRIMARY KEY, module_id INTEGER NOT NULL, category_id INTEGER,
  title_th TEXT NOT NULL, title_en TEXT NOT NULL, summary_th TEXT NOT NULL, summary_en TEXT NOT NULL,
  body_th TEXT NOT NULL, body_en TEXT NOT NULL, published_at TEXT NOT NULL);

CREATE TABLE IF NOT EXISTS procure_groups (id INTEGER PRIMARY KEY, title_th TEXT NOT NULL, title_en TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS procure_items (id INTEGER PRIMARY KEY, group_id INTEGER NOT NULL REFERENCES procure_groups(id), title_th TEXT NOT NULL, title_en TEXT NOT NULL, published_at TEXT NOT NULL);

CREATE TABLE IF NOT EXISTS statistics (id INTEGER PRIMARY KEY, label_th TEXT NOT NULL, label_en TEXT NOT NULL, value INTEGER NOT NULL, unit_th TEXT NOT NULL, unit_en TEXT NOT NULL);

CREATE TABLE IF NOT EXISTS users (
  id INTEGER PRIMARY KEY, uuid TEXT NOT NULL UNIQUE, username TEXT NOT NULL UNIQUE, password_hash TEXT NOT NULL,
  first_name_th TEXT NOT NULL, first_name_en TEXT NOT NULL, last_name_th TEXT NOT NULL, last_name_en TEXT NOT NULL,
  email TEXT NOT NULL UNIQUE, prefix_id INTEGER NOT NULL, is_admin INTEGER NOT NULL DEFAULT 0);

CREATE TABLE IF NOT EXISTS webboard_rooms (id INTEGER PRIMARY KEY, title_th TEXT NOT NULL, title_en TEXT NOT NULL, description_th TEXT NOT NULL, description_en TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS webboard_threads (id INTEGER PRIMARY KEY, room_id INTEGER NOT NULL REFERENCES webboard_rooms(id), title_th TEXT NOT NULL, title_en TEXT NOT NULL, author TEXT NOT NULL, views INTEGER NOT NULL DEFAULT 0, created_at TEXT NOT NULL, locked INTEGER NOT NULL DEFAULT 0);
-- author_id: the member who wrote a post (null for the seeded ones); edited_at, hidden: see routes/webboard.ts.
CREATE TABLE IF NOT EXISTS webboard_posts (id INTEGER PRIMARY KEY, thread_id INTEGER NOT NULL REFERENCES webboard_threads(id), author TEXT NOT NULL, author_id INTEGER REFERENCES users(id), body_th TEXT NOT NULL, body_en TEXT NOT NULL, created_at TEXT NOT NULL, edited_at TEXT, hidden INTEGER NOT NULL DEFAULT 0);

CREATE TABLE IF NOT EXISTS blocked_words (word TEXT PRIMARY KEY);
CREATE TABLE IF NOT EXISTS page_views (id INTEGER PRIMARY KEY, url TEXT NOT NULL, day TEXT NOT NULL, created_at TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS page_views_day ON page_views (day);

-- Every file under /files/ the data points at. The bytes are generated from these rows on request
-- (SVG images with a title and a colour, small PDFs), so the database stays small and nothing
-- is fetched from the internet.
CREATE TABLE IF NOT EXISTS files (
  path TEXT PRIMARY KEY, kind TEXT NOT NULL, title TEXT NOT NULL, subtitle TEXT NOT NULL DEFAULT '',
  color TEXT NOT NULL DEFAULT '#1f4e79', width INTEGER, height INTEGER);

-- Logged-out tokens (by jti) until they would have expired anyway.
CREATE TABLE IF NOT EXISTS revoked_tokens (jti TEXT PRIMARY KEY, exp INTEGER NOT NULL);
