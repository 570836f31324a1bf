// Language selection and the few texts the API itself says (error messages).
// Content text lives in the database as `<field>_th` / `<field>_en` columns.

import type { Lang, Row } from './types.ts';

/** Accept-Language → 'th' | 'en' (th when absent/unknown) */
export function langOf(header: string | string[] | undefined): Lang {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return 'th';
  // Honour the first supported language in preference order (q-values sorted).
  const prefs = value
    .split(',')
    .map((part, i) => {
      const [tag, ...rest] = part.trim().toLowerCase().split(';');
      const q = rest.map((r) => r.trim()).find((r) => r.startsWith('q='));
      return { tag: (tag ?? '').trim(), q: q ? Number(q.slice(2)) || 0 : 1, i };
    })
    .sort((a, b) => b.q - a.q || a.i - b.i);
  for (const p of prefs) {
    const base = p.tag.split('-')[0];
    if (base === 'th' || base === 'en') return base;
  }
  return 'th';
}

/**
 * Picks the field in the request's language from a row with `<name>_th` and `<name>_en`.
 */
export function pick(row: Row, lang: Lang, name: string) {
  const v = row[`${name}_${lang}`];
  return v ?? row[`${name}_th`] ?? null;
}

const MESSAGES: Record<string, Record<Lang, string>> = {
  NOT_FOUND: { th: 'ไม่พบข้อมูลที่ร้องขอ', en: 'The requested resource was not found.' },
  BAD_REQUEST: { th: 'คำขอไม่ถูกต้อง', en: 'The request is malformed.' },
  BAD_QUERY: { th: 'พารามิเตอร์ของคำขอไม่ถูกต้อง', en: 'A query parameter is invalid.' },
  KEYWORD_TOO_LONG: { th: 'คำค้นยาวเกิน 200 ตัวอักษร', en: 'The keyword is longer than 200 characters.' },
  MALFORMED_JSON: { th: 'เนื้อหาคำขอไม่ใช่ JSON ที่ถูกต้อง', en: 'The request body is not valid JSON.' },
  PAYLOAD_TOO_LARGE: { th: 'เนื้อหาคำขอมีขนาดเกิน 1 MB', en: 'The request body is larger than 1 MB.' },
  METHOD_NOT_ALLOWED: { th: 'ไม่รองรับวิธีการเรียกนี้', en: 'This method is not allowed here.' },
  UNAUTHORIZED: { th: 'กรุณาเข้าสู่ระบบ หรือโทเคนหมดอายุ', en: 'Login required, or the token is invalid or expired.' },
  INVALID_CREDENTIALS: { th: 'ชื่อผู้ใช้หรือรหัสผ่านไม่ถูกต้อง', en: 'Wrong username or password.' },
  FORBIDDEN: { th: 'บัญชีนี้ไม่มีสิทธิ์ผู้ดูแลระบบ', en: 'This account is not an administrator.' },
  VALIDATION: { th: 'ข้อมูลที่ส่งมาไม่ถูกต้อง', en: 'The submitted data is invalid.' },
  REQUIRED: { th: 'กรุณาตอบคำถามนี้', en: 'This answer is required.' },
  INVALID_CHOICE: { th: 'ตัวเลือกไม่ถูกต้อง', en: 'This choice is not allowed.' },
  INVALID_VALUE: { th: 'รูปแบบคำตอบไม่ถูกต้อง', en: 'This answer has the wrong format.' },
  UNKNOWN_QUESTION: { th: 'ไม่พบคำถามนี้ในแบบสำรวจ', en: 'This question is not part of the survey.' },
  SURVEY_CLOSED: { th: 'แบบสำรวจนี้ปิดรับคำตอบแล้ว', en: 'This survey no longer accepts answers.' },
  RESET_SENT: { th: 'ส่งลิงก์ตั้งรหัสผ่านใหม่ไปยังอีเมลของท่านแล้ว', en: 'A password reset link has been sent to your email.' },
  NOT_AUTHOR: { th: 'ท่านแก้ไขหรือลบได้เฉพาะข้อความของท่านเอง', en: 'You can only change or delete your own posts.' },
  EDIT_WINDOW_CLOSED: { th: 'พ้นเวลาที่แก้ไขหรือลบข้อความนี้ได้แล้ว', en: 'The time to change or delete this post has passed.' },
  THREAD_LOCKED: { th: 'กระทู้นี้ถูกล็อก ไม่รับความคิดเห็นเพิ่ม', en: 'This thread is locked and takes no more replies.' },
  BLOCKED_WORDS: { th: 'ข้อความมีคำที่ไม่เหมาะสม', en: 'The text contains words that are not allowed.' },
  EMAIL_TAKEN: { th: 'อีเมลนี้ใช้สมัครสมาชิกแล้ว', en: 'An account already uses this email address.' },
  USERNAME_TAKEN: { th: 'ชื่อผู้ใช้นี้มีผู้ใช้แล้ว', en: 'This username is already taken.' },
  INTERNAL: { th: 'เกิดข้อผิดพลาดภายในระบบ', en: 'Internal server error.' },
};

export function message(lang: Lang, code: string): string {
  const m = MESSAGES[code] ?? MESSAGES.BAD_REQUEST!;
  return m[lang];
}
