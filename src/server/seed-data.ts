/**
 * What the demo workspace holds: its boards, cards, tags and email
 * sequences as plain data, so seed.ts is only how they are written.
 */
/** u: unread · t: tags · a: assignees (o owner, s teammate) · d: due in days · n/c/s: note, comment, sub-task. */
export interface Spec {
  u?: 1;
  t?: string[];
  a?: 'o' | 's' | 'os';
  d?: number;
  n?: string;
  c?: string;
  s?: string;
}
export type CardSpec = [title: string, spec?: Spec];

/** Support Inbox threads archived from Done: title, days ago. */
export const ARCHIVED: [string, number][] = [
  ['Re: Receipt for order #88213 (resolved)', 4],
  ['Out of office: back Monday', 6],
];

export const SUPPORT: Record<string, CardSpec[]> = {
  New: [
    ['Re: Invoice #10482 charged twice this month', { u: 1, t: ['Billing', 'Urgent'], d: 1 }],
    ['Can’t log in after password reset 😩', { u: 1, t: ['Bug'] }],
    [
      'Demande de remboursement — commande nº 58213',
      { u: 1, t: ['Billing'], n: 'Customer writes in French; Élodie can reply.' },
    ],
    ['【至急】請求書の宛名変更のお願い', { u: 1, t: ['Billing'] }],
    ['Feature request: dark mode for the mobile app 🌙', { t: ['Feature request'] }],
    [
      'Fwd: Fwd: Re: Question about the API rate limits on the Pro plan and whether they apply per key or per workspace, plus a follow-up about webhooks and retries',
      { u: 1, t: ['Question'] },
    ],
    [
      'Export to CSV drops rows with non-ASCII names (Müller, Zoë, 王伟)',
      { t: ['Bug'], a: 's', s: 'Reproduce with the attached file' },
    ],
    ['Where do I change my billing address?', { t: ['Question'] }],
    ['Your app saved our Monday 🙌 thank you!', { t: ['Praise'] }],
    ['Urgent: production sync stuck since 03:00 UTC', { u: 1, t: ['Urgent', 'Bug'], a: 'o', d: 0 }],
    ['Accessibility: screen reader skips the card titles', { t: ['Bug'] }],
  ],
  'In progress': [
    [
      'Re: SSO setup with Okta — SAML assertion rejected',
      {
        t: ['Bug'],
        a: 'o',
        d: 2,
        n: 'Clock skew on their IdP? Asked for a HAR file.',
        s: 'Check SAML clock skew tolerance',
      },
    ],
    [
      'Team seats: upgrade from 5 to 12 mid-cycle',
      { t: ['Billing'], a: 's', c: 'Prorate from the 14th, confirmed with finance.' },
    ],
    [
      'Attachments over 20 MB fail silently',
      { t: ['Bug'], a: 'os', d: 3, s: 'Add an error message for oversized uploads' },
    ],
    [
      'Migrating 40k emails from our old helpdesk',
      { t: ['Question'], a: 'o', n: 'Import in batches of 5k over the weekend.' },
    ],
    ['Re: Re: Calendar invites show the wrong time zone (São Paulo)', { t: ['Bug'], a: 's' }],
    ['GDPR data export request — ticket 7731', { t: ['Urgent'], a: 'o', d: 5, s: 'Send export link within 30 days' }],
    ['Bulk archive is greyed out for shared inboxes', { t: ['Bug'], a: 's' }],
    ['Onboarding call follow-up: template library', { a: 'o', c: 'Sent them the three templates from the call.' }],
  ],
  'Waiting on customer': [
    [
      'Re: Need a W-9 for vendor onboarding',
      { t: ['Billing'], a: 'o', c: 'Sent the form, waiting for their PO number.' },
    ],
    ['Logs requested: desktop app crashes on launch (macOS 15)', { t: ['Bug'], a: 's', d: 4 }],
    ['Confirm the new SPF/DKIM records propagated?', { t: ['Question'], a: 'o' }],
    ['Re: Trial extension for the Nordics team ❄️', { t: ['Sales'], a: 's' }],
    ['Which plan includes audit logs?', { t: ['Question'] }],
    ['Re: Refund processed — please confirm you received it', { t: ['Billing'], a: 'o' }],
    ['Screenshot needed: the “Send later” button is missing', { t: ['Bug'], a: 's' }],
  ],
  Done: [
    ['Password reset emails landing in spam', { t: ['Bug'], a: 's', n: 'Fixed by the DKIM rotation on Feb 20.' }],
    ['Change the account owner to finance@northwind.example', { a: 'o' }],
    ['Thanks for the quick fix on the Outlook plugin!', { t: ['Praise'] }],
    ['Invoice in EUR instead of USD', { t: ['Billing'], a: 'o' }],
    ['How do I add a teammate to a shared inbox?', { t: ['Question'] }],
    ['Delete my old workspace “Acme Test”', { a: 's' }],
    ['Re: Keyboard shortcuts cheat sheet 📎', { t: ['Question'] }],
  ],
};

export const SALES: Record<string, CardSpec[]> = {
  Leads: [
    ['Inbound: 200-seat shared inbox for a logistics company', { u: 1, t: ['Enterprise'], a: 'o', d: 2 }],
    ['Pricing question from Zürich Versicherungs AG', { u: 1, t: ['Enterprise'] }],
    ['Startup program application — Kōbō Labs', { t: ['SMB'] }],
    ['Re: Webinar follow-up — “Inbox zero for support teams”', { u: 1, t: ['SMB'] }],
    ['Referral from Northwind: their sister company wants a demo', { t: ['Referral'], a: 's' }],
    ['¿Tienen facturación en pesos mexicanos?', { u: 1, t: ['SMB'] }],
    [
      'Intro: Head of CX at a 3,000-person retailer, looking to replace their helpdesk before peak season, wants to understand migration effort and SSO',
      { t: ['Enterprise'] },
    ],
  ],
  Contacted: [
    [
      'Discovery call booked — Bright Dental Group',
      { t: ['SMB'], a: 's', d: 1, n: 'Five clinics, one shared front-desk inbox.' },
    ],
    ['Re: Security questionnaire (87 questions) 🔐', { t: ['Enterprise'], a: 'o', d: 6, s: 'Fill in sections 4–7' }],
    ['Sent case study to Fjord Outdoor', { t: ['SMB'], a: 's' }],
    ['Nonprofit discount request — Open Food Bank', { t: ['Nonprofit'], a: 'o' }],
    ['Re: 価格表と導入事例について', { t: ['Enterprise'], a: 's' }],
  ],
  'Demo scheduled': [
    [
      'Demo Thu 15:00 CET — Helvetia Logistics',
      { t: ['Enterprise'], a: 'os', d: 3, s: 'Prepare a sandbox with their column names' },
    ],
    ['Demo for the Lisbon office (Portuguese speakers)', { t: ['SMB'], a: 's', d: 4 }],
    [
      'Re: Can we see the API and the terminal client?',
      { t: ['Enterprise'], a: 'o', d: 5, c: 'They live in the terminal; show inboard.' },
    ],
    ['Follow-up demo with their IT team', { t: ['Enterprise'], a: 'o', d: 8 }],
  ],
  Negotiation: [
    [
      'Redlines on the MSA from Contoso legal',
      { t: ['Enterprise'], a: 'o', d: 2, n: 'They want net-60 and a liability cap at 12 months of fees.' },
    ],
    ['Annual vs monthly: 2 months free?', { t: ['SMB'], a: 's' }],
    ['Re: Multi-year pricing for 450 seats 💼', { t: ['Enterprise'], a: 'o', d: 7 }],
    ['Procurement portal registration (Coupa)', { t: ['Enterprise'], a: 's', s: 'Upload insurance certificate' }],
  ],
  Won: [
    ['Signed! Bright Dental Group — 25 seats 🎉', { t: ['SMB'], a: 's' }],
    ['Closed: Fjord Outdoor annual plan', { t: ['SMB'], a: 's' }],
    ['Renewal signed — Northwind Traders', { t: ['Referral'], a: 'o' }],
  ],
};

export const TAGS: Record<string, [string, number][]> = {
  'Support Inbox': [
    ['Urgent', 1],
    ['Bug', 2],
    ['Billing', 3],
    ['Question', 6],
    ['Feature request', 8],
    ['Praise', 4],
    ['Sales', 5],
  ],
  'Sales Pipeline': [
    ['Enterprise', 7],
    ['SMB', 5],
    ['Referral', 9],
    ['Nonprofit', 4],
  ],
};

const FOLLOWUP_CSS = 'font-family:sans-serif;line-height:1.5';
export const SEQUENCES: { name: string; steps: [subject: string, html: string, days: number][] }[] = [
  {
    name: 'Trial onboarding',
    steps: [
      [
        'Welcome to the team inbox, {{firstName}}',
        `<div style="${FOLLOWUP_CSS}"><p>Hi {{firstName}},</p><p>Your shared inbox is ready. Start by inviting two teammates.</p></div>`,
        0,
      ],
      [
        '{{firstName}}, three shortcuts that save an hour a week',
        `<div style="${FOLLOWUP_CSS}"><p>Hi {{firstName}},</p><ul><li><b>j/k</b> to walk cards</li><li><b>Shift+→</b> to move</li><li><b>c</b> to comment</li></ul></div>`,
        2,
      ],
      [
        'How is the trial going?',
        `<div style="${FOLLOWUP_CSS}"><p>Hi {{firstName}}, your trial ends in two days. Reply to this email with any question.</p></div>`,
        5,
      ],
    ],
  },
  {
    name: 'Demo no-show follow-up',
    steps: [
      [
        'Sorry we missed you, {{firstName}}',
        `<p>Hi {{firstName}},</p><p>Here is a link to pick another time: <a href="https://example.com/book">book a slot</a>.</p>`,
        1,
      ],
      [
        'A 4-minute recording instead?',
        `<p>Hi {{firstName}}, if a call is hard to fit in, this <a href="https://example.com/demo">recorded demo</a> covers the basics.</p>`,
        3,
      ],
      [
        'Should I close your file?',
        `<p>Hi {{firstName}}, I haven’t heard back, so I’ll assume the timing isn’t right. Just reply “later” and I’ll check in next quarter.</p>`,
        7,
      ],
      ['Last note from me', `<p>Thanks {{firstName}} — all the best with the inbox.</p>`, 14],
    ],
  },
];
