/**
 * The demo's email threads: a few Support Inbox cards carry the mail behind
 * them — plain and HTML, quoted replies and a signature, a non-Latin one, an
 * attachment — written straight into `messages` as mail-in would have.
 */
import type { Sql } from './sql/sql.js';

interface DemoMessage {
  /** Minutes before the demo's base time. */
  ago: number;
  dir: 'in' | 'out';
  from: string;
  to?: string;
  cc?: string[];
  subject: string;
  text: string;
  html?: string;
  attachments?: { Name: string; Size: number; ContentType: string }[];
}

const US = 'Support <support@inboard.example>';

/** Card title → its thread, oldest first. */
export const DEMO_THREADS: Record<string, DemoMessage[]> = {
  'Re: Invoice #10482 charged twice this month': [
    {
      ago: 2 * 1440,
      dir: 'in',
      from: 'Priya Raman <priya@northwind.example>',
      subject: 'Invoice #10482 charged twice this month',
      text: 'Hi,\n\nOur card was charged twice for invoice #10482 (on the 3rd and the 4th), €1,140 each.\nCould you refund the second charge?\n\nThanks,\nPriya\n-- \nPriya Raman · Finance · Northwind Traders',
    },
    {
      ago: 2 * 1440 - 90,
      dir: 'out',
      from: US,
      to: 'Priya Raman <priya@northwind.example>',
      subject: 'Re: Invoice #10482 charged twice this month',
      text: 'Hi Priya,\n\nSorry about that. I can see one charge on our side; could you send the bank statement line for the second one?\n\nBest,\nSupport',
    },
    {
      ago: 1440 + 30,
      dir: 'in',
      from: 'Priya Raman <priya@northwind.example>',
      cc: ['Tom Berg <tom@northwind.example>'],
      subject: 'Re: Invoice #10482 charged twice this month',
      text: 'Here it is, attached. Both lines say INBOARD*10482.\n\nPriya\n\nOn Mon, Support wrote:\n> Hi Priya,\n>\n> Sorry about that. I can see one charge on our side; could you send the\n> bank statement line for the second one?\n>\n> Best,\n> Support',
      attachments: [{ Name: 'statement-november.pdf', Size: 48_213, ContentType: 'application/pdf' }],
    },
  ],
  'Can’t log in after password reset 😩': [
    {
      ago: 600,
      dir: 'in',
      from: 'Lukas Weber <lukas.weber@example.de>',
      subject: 'Can’t log in after password reset 😩',
      text: 'Hello,\n\nI reset my password this morning. The reset worked, but logging in says "invalid credentials".\nBrowser: Firefox 132.\n\nLukas',
      html: '<p>Hello,</p><p>I reset my password this morning. The reset worked, but logging in says <b>"invalid credentials"</b>.<br>Browser: Firefox 132.</p><p>Lukas</p>',
    },
    {
      ago: 540,
      dir: 'out',
      from: US,
      to: 'Lukas Weber <lukas.weber@example.de>',
      subject: 'Re: Can’t log in after password reset 😩',
      text: 'Hi Lukas,\n\nCould you try once in a private window? An old session cookie can get in the way after a reset.\n\nSupport',
    },
    {
      ago: 480,
      dir: 'in',
      from: 'Lukas Weber <lukas.weber@example.de>',
      subject: 'Re: Can’t log in after password reset 😩',
      text: 'Same error in a private window, sorry.\n\n> Could you try once in a private window? An old session cookie can get\n> in the way after a reset.\n\n-- \nLukas Weber\nSent from my phone',
      html: '<div>Same error in a private window, sorry.</div><blockquote>Could you try once in a private window? An old session cookie can get in the way after a reset.</blockquote><div>-- <br>Lukas Weber<br>Sent from my phone</div>',
    },
  ],
  'Demande de remboursement — commande nº 58213': [
    {
      ago: 3 * 1440,
      dir: 'in',
      from: 'Élodie Marchand <elodie@boutique-lumiere.example>',
      subject: 'Demande de remboursement — commande nº 58213',
      text: 'Bonjour,\n\nLa commande nº 58213 est arrivée abîmée : deux lampes sur trois sont cassées.\nPourriez-vous me rembourser ces deux articles ?\n\nCordialement,\nÉlodie Marchand',
      html: '<p>Bonjour,</p><p>La commande <b>nº 58213</b> est arrivée abîmée : deux lampes sur trois sont cassées.<br>Pourriez-vous me rembourser ces deux articles ?</p><p>Cordialement,<br>Élodie Marchand</p>',
      attachments: [{ Name: 'photo-colis.jpg', Size: 1_204_332, ContentType: 'image/jpeg' }],
    },
    {
      ago: 3 * 1440 - 200,
      dir: 'in',
      from: 'Élodie Marchand <elodie@boutique-lumiere.example>',
      subject: 'Re: Demande de remboursement — commande nº 58213',
      text: 'Je précise : les articles sont les références LM-204 et LM-207.\n\nÉlodie',
    },
  ],
  '【至急】請求書の宛名変更のお願い': [
    {
      ago: 300,
      dir: 'in',
      from: '佐藤 花子 <hanako.sato@example.jp>',
      subject: '【至急】請求書の宛名変更のお願い',
      text: 'ご担当者様\n\nいつもお世話になっております。\n請求書の宛名を「株式会社サクラ商事」に変更していただけますでしょうか。\n今月末の支払いに間に合わせたく、至急ご対応いただけますと幸いです。\n\n佐藤',
    },
    {
      ago: 240,
      dir: 'out',
      from: US,
      to: '佐藤 花子 <hanako.sato@example.jp>',
      subject: 'Re: 【至急】請求書の宛名変更のお願い',
      text: '佐藤様\n\nご連絡ありがとうございます。本日中に宛名を変更した請求書をお送りします。\n\nSupport',
    },
  ],
};

/** Writes the threads onto the Support Inbox cards of those titles; `iso` dates count back from the demo's base. */
export async function seedThreads(sql: Sql, iso: (minutesBefore: number) => string): Promise<void> {
  for (const [t, [title, thread]] of Object.entries(DEMO_THREADS).entries()) {
    const card = await sql.get<{ id: number }>(
      `SELECT c.id FROM cards c JOIN boards b ON b.id = c.board_id WHERE b.name = 'Support Inbox' AND c.title = ?`,
      [title],
    );
    if (card === undefined) continue;
    const ids: string[] = [];
    for (const [i, m] of thread.entries()) {
      const domain = m.dir === 'out' ? 'inboard.example' : (/@([^>]+)>?$/.exec(m.from)?.[1] ?? 'example.com');
      const id = `<demo-${t + 1}-${i + 1}@${domain}>`;
      await sql.run(
        `INSERT INTO messages (card_id, message_id, direction, from_addr, reply_to, to_addrs, cc_addrs, sent_at,
           subject, body_text, body_html, attachments, in_reply_to, refs, created_at)
         VALUES (?, ?, ?, ?, NULL, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [
          card.id,
          id,
          m.dir,
          m.from,
          JSON.stringify([m.to ?? US]),
          JSON.stringify(m.cc ?? []),
          iso(m.ago),
          m.subject,
          m.text,
          m.html ?? null,
          JSON.stringify(m.attachments ?? []),
          ids.at(-1) ?? null,
          JSON.stringify(ids),
          iso(m.ago),
        ],
      );
      ids.push(id);
    }
  }
}
