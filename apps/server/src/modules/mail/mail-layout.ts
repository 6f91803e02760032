/**
 * The one look of Jala's mail: a greeting, short paragraphs, at most one button-like link, and a sign-off, as
 * plain text and as simple HTML (inline styles only: mail clients drop style sheets). Every piece of text is
 * escaped here, so a name like `<b>Ana</b>` reaches the reader as typed.
 */
import { APP_NAME } from '@jala/domain';

import type { MailMessage } from './mail-message';

export interface MailContent {
  to: string;
  subject: string;
  greeting: string;
  /** Before the link. */
  paragraphs: readonly string[];
  /** The link the mail is for, shown as a button in HTML and as a bare line in text (where clients link it). */
  action?: { label: string; url: string };
  /** After the link. */
  closing?: readonly string[];
}

const SIGN_OFF = `El equipo de ${APP_NAME}`;
const BRAND_BLUE = '#1f4fd8';

const HTML_ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (char) => HTML_ENTITIES[char] ?? char);

export function renderMail(content: MailContent): MailMessage {
  const closing = content.closing ?? [];
  const text = [
    content.greeting,
    ...content.paragraphs,
    ...(content.action ? [`${content.action.label}:\n${content.action.url}`] : []),
    ...closing,
    `— ${SIGN_OFF}`,
  ].join('\n\n');

  const paragraph = (line: string) => `<p style="margin:0 0 16px">${escapeHtml(line)}</p>`;
  const action = content.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="background:${BRAND_BLUE};color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:bold;display:inline-block">${escapeHtml(content.action.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:13px;color:#475467">Si el botón no funciona, copia esta dirección en tu navegador:<br><span style="word-break:break-all">${escapeHtml(content.action.url)}</span></p>`
    : '';
  const html = [
    '<!doctype html>',
    `<html lang="es"><head><meta charset="utf-8"><title>${escapeHtml(content.subject)}</title></head>`,
    '<body style="margin:0;padding:24px;background:#f4f6fb;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#1d2939">',
    '<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:24px">',
    `<p style="margin:0 0 16px;font-size:20px;font-weight:bold;color:${BRAND_BLUE}">${escapeHtml(APP_NAME)}</p>`,
    paragraph(content.greeting),
    ...content.paragraphs.map(paragraph),
    action,
    ...closing.map(paragraph),
    `<p style="margin:0;color:#475467">— ${escapeHtml(SIGN_OFF)}</p>`,
    '</div></body></html>',
  ].join('\n');

  return { to: content.to, subject: content.subject, text, html };
}
