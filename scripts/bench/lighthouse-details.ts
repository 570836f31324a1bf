/**
 * The diagnosis `npm run bench:lighthouse -- --details` prints under each page: the numbers
 * a score alone hides. What moved (layout shifts with their biggest element and root cause),
 * which element is the LCP and where its time goes, the long main-thread tasks, and the CPU
 * time per script. Reads Lighthouse 13 audit details; a missing audit prints nothing.
 */

/** An element as Lighthouse names it. */
interface AuditNode {
  type?: string;
  selector?: string;
  nodeLabel?: string;
  snippet?: string;
}
interface Audit<Item = never> {
  displayValue?: string;
  details?: { items?: Item[] };
}
interface ShiftItem {
  score: number;
  node?: AuditNode;
  subItems?: { items?: { cause: string; extra?: AuditNode & { value?: unknown } }[] };
}
interface LcpItem extends AuditNode {
  items: { subpart: string; duration: number }[];
}
interface BlockingItem {
  url?: string;
  totalBytes?: number;
  wastedMs?: number;
}
interface TaskItem {
  duration?: number;
  startTime?: number;
  url?: string;
}
interface BootupItem {
  scripting?: number;
  scriptParseCompile?: number;
  total?: number;
  url?: string;
}
interface WorkItem {
  group?: string;
  groupLabel?: string;
  duration?: number;
}

/**
 * The audits read here, with the detail items of each. Lighthouse's own type gives every audit
 * the union of all detail kinds, so lighthouse.ts hands its result over as this shape.
 */
export interface DetailAudits {
  'layout-shifts'?: Audit<ShiftItem>;
  'cumulative-layout-shift'?: Audit;
  'lcp-breakdown-insight'?: Audit<LcpItem>;
  'largest-contentful-paint'?: Audit;
  'render-blocking-insight'?: Audit<BlockingItem>;
  'total-blocking-time'?: Audit;
  'long-tasks'?: Audit<TaskItem>;
  'bootup-time'?: Audit<BootupItem>;
  'mainthread-work-breakdown'?: Audit<WorkItem>;
}

const ms = (value: number | undefined) => `${Math.round(value ?? 0)} ms`;
const short = (url: unknown) =>
  typeof url === 'string' ? url.replace(/^https?:\/\/[^/]+/, '') || url : String(url ?? '');
/** A node as a reader finds it in the page: its selector and a short text label. */
const nodeText = (node: AuditNode | undefined) =>
  node ? `${node.selector ?? ''}  «${(node.nodeLabel ?? '').slice(0, 60).replace(/\s+/g, ' ')}»` : '(no element)';

function layoutShifts(audits: DetailAudits): string[] {
  const items = audits['layout-shifts']?.details?.items ?? [];
  if (!items.length) return ['  CLS: no layout shifts'];
  const lines = [`  CLS ${audits['cumulative-layout-shift']?.displayValue ?? ''} — top shifts:`];
  for (const item of items.slice(0, 6)) {
    lines.push(`    ${item.score.toFixed(3)}  ${nodeText(item.node)}`);
    for (const sub of item.subItems?.items ?? []) {
      const extra = sub.extra?.type === 'node' ? nodeText(sub.extra) : short(sub.extra?.value);
      lines.push(`           cause: ${sub.cause} ${extra}`);
    }
  }
  return lines;
}

function largestPaint(audits: DetailAudits): string[] {
  const list = audits['lcp-breakdown-insight']?.details?.items ?? [];
  const table = list.find((d) => d.type === 'table');
  const node = list.find((d) => d.type === 'node');
  const lines = [`  LCP ${audits['largest-contentful-paint']?.displayValue ?? ''}: ${nodeText(node)}`];
  if (node?.snippet) lines.push(`    ${node.snippet.slice(0, 160)}`);
  if (table) lines.push(`    ${table.items.map((i) => `${i.subpart} ${ms(i.duration)}`).join(', ')}`);
  const blocking = audits['render-blocking-insight']?.details?.items ?? [];
  for (const item of blocking.slice(0, 5)) {
    lines.push(`    render-blocking: ${short(item.url)} ${item.totalBytes ?? ''} B, ${ms(item.wastedMs)}`);
  }
  return lines;
}

function mainThread(audits: DetailAudits): string[] {
  const lines = [`  TBT ${audits['total-blocking-time']?.displayValue ?? ''} — long tasks:`];
  for (const task of (audits['long-tasks']?.details?.items ?? []).slice(0, 6)) {
    lines.push(`    ${ms(task.duration).padStart(7)} at ${ms(task.startTime)}  ${short(task.url)}`);
  }
  lines.push('  bootup-time (scripting / parse+compile / total):');
  for (const item of (audits['bootup-time']?.details?.items ?? []).slice(0, 6)) {
    lines.push(`    ${ms(item.scripting)} / ${ms(item.scriptParseCompile)} / ${ms(item.total)}  ${short(item.url)}`);
  }
  const work = audits['mainthread-work-breakdown']?.details?.items ?? [];
  if (work.length)
    lines.push(
      `  main thread: ${work
        .slice(0, 5)
        .map((w) => `${w.groupLabel ?? w.group} ${ms(w.duration)}`)
        .join(', ')}`,
    );
  return lines;
}

/** Prints the diagnosis of one page's Lighthouse result. */
export function printDetails(label: string, lhr: { audits: DetailAudits }, reportFile: string): void {
  const { audits } = lhr;
  console.log(
    [`\n── ${label}  (${reportFile})`, ...layoutShifts(audits), ...largestPaint(audits), ...mainThread(audits)].join(
      '\n',
    ),
  );
}
