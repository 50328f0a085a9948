/**
 * The keys of the board's report (`Y`, ReportView.tsx). Their handler is the
 * view, which owns the scroll and what is shown; it dispatches on the action.
 */
import type { Binding } from './types.js';

export const REPORT_KEYS: readonly Binding[] = [
  {
    action: 'scroll.down',
    keys: ['down', 'j'],
    scope: 'report',
    group: 'Navigate',
    help: 'scroll down',
    hint: 'scroll',
    hintKey: 'j/k',
  },
  { action: 'scroll.up', keys: ['up', 'k'], scope: 'report', group: 'Navigate', help: 'scroll up' },
  { action: 'scroll.pageDown', keys: ['pagedown', ' '], scope: 'report', group: 'Navigate', help: 'a screen down' },
  { action: 'scroll.pageUp', keys: ['pageup'], scope: 'report', group: 'Navigate', help: 'a screen up' },
  {
    action: 'report.period',
    keys: ['p'],
    scope: 'report',
    group: 'Board',
    help: 'the period: the last 7, 30 or 90 days',
    hint: 'period',
  },
  {
    action: 'report.by',
    keys: ['b'],
    scope: 'report',
    group: 'Board',
    help: 'who: by assignee, by tag or by mailbox',
    hint: 'by',
  },
  { action: 'report.refresh', keys: ['r'], scope: 'report', group: 'Board', help: 'read the report again' },
  {
    action: 'help',
    keys: ['?'],
    scope: 'report',
    group: 'App',
    help: 'what each figure means, and these keys',
    hint: 'definitions',
  },
  {
    action: 'report.close',
    keys: ['esc', 'q'],
    scope: 'report',
    group: 'App',
    help: 'back to the board',
    hint: 'back',
  },
];
