/** `inboard rules --help`: the noun's usage, one text for every subcommand. */
import { COMMON_HELP } from '../args.js';

export const RULES_HELP = `Usage: inboard rules list --board BOARD [options]
       inboard rules add --board BOARD --name NAME --when QUERY --then ACTIONS
                         [--on new-thread|every-message] [options]
       inboard rules test CARD [options]
       inboard rules disable|enable|remove RULE --board BOARD [options]
       inboard rules away --board BOARD [--off] [options]

A board's rules sort its mail as it arrives — from a watched mailbox, by
mail-in or through the API — in their order, once per message. Only the
board's owner adds, turns off and on, and removes them; every member lists
them and tries them on a card.

QUERY is the search language (inboard search --help): words of the subject
and text, "a phrase", -word, a OR b, from:@acme.com (a domain), from:jane@x.io
(an address), from:jane, to:sales@acme.com, subject:refund, has:attachment,
header:X-Spam-Flag:YES (a header field and its value; header:List-Id for
any value), tag:, column:, assignee: (the card as it stands).

ACTIONS, parted by commas: tag:NAME, assign:EMAIL, assign:round-robin (the
board's members in turn, fair across every instance of the service), move:COLUMN,
archive, snooze:WHEN (+2d, tomorrow 9, reply: until the customer answers),
read, stop (no later rule runs), reply:SAVED (an acknowledgement: the board's
saved reply, filled for the card, at most once per sender a day, never to
automatic mail such as an auto-reply; it goes out marked Auto-Submitted).

--on new-thread (default): a new conversation's first message only;
every-message: the customer's answers too. Rules run on arriving mail only,
never on the changes they make, so a rule cannot set itself off again.

What a rule did is on the card's history by the rule's name (inboard card
history ID: "rule Billing  tagged Billing, assigned sam@acme.com (round-robin)").
A rule whose tag, column or member is gone is turned off with the reason
(rules list shows it); enable checks it again.

rules test CARD tries every rule on the card's newest message from a
customer: whether it matches and, when not, the term that did not and what
the message had there. Nothing changes.

rules away: you take no work from round-robin on the board (holidays, a
dispatcher); --off: you take it again. Listed under "away".

Examples
  inboard rules add --board support --name Billing --when 'from:@acme.com invoice OR refund' \\
      --then 'tag:Billing, assign:round-robin, move:Billing'
  inboard rules add --board support --name Spam --when 'header:X-Spam-Flag:YES' --then 'tag:Spam, archive, stop'
  inboard rules test 42
  inboard rules disable Billing --board support
  inboard rules away --board support

--json: list: {"Rules": [{"Id": "1", "BoardId": 1, "Name": "Billing", "When": "from:@acme.com",
  "Then": ["tag:Billing"], "On": "new-thread", "Enabled": true, "DisabledReason": null,
  "Problem": null}], "Away": ["kim@acme.com"]}; test: {"CardId": "42", "Message": "from …: …",
  "Rules": [{"Id": "1", "Name": "Billing", "Enabled": true, "Matches": false,
  "Failed": "from:@acme.com", "Saw": "from jane@other.org", "Problem": null}]}

${COMMON_HELP}`;
