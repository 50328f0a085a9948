/**
 * inboard's top-level usage, written once: `inboard --help` prints all of it
 * (cli.ts), and a flag the board cannot take prints its synopsis under the
 * error (ui/run.tsx). Text only, importing only the defaults it names.
 */
import { MIN_REFRESH_SECONDS, REFRESH_SECONDS } from '../config/defaults.js';

/** How the board is opened; the usage's first line. */
export const BOARD_SYNOPSIS =
  'inboard [--board ID|NAME] [--profile NAME] [--url URL] [--insecure] [--refresh SECONDS] [--email EMAIL] [--no-mark-read]';

/** What follows an error in the board's flags. */
export const BOARD_USAGE = `Usage: ${BOARD_SYNOPSIS}\nSee 'inboard --help'.`;

/** `inboard --help`. */
export function usage(version: string, configFile: string): string {
  return `inboard ${version} — a keyboard-driven kanban for a shared inbox

Usage
  ${BOARD_SYNOPSIS}
                              open the board (embedded demo service unless a URL is configured)
  inboard serve [options]     run the /v2 service for a team (inboard serve --help)
  inboard keys create|list|revoke ...
                              manage API keys of a service database (inboard keys --help)
  inboard db status [--db PATH|URL]
                              the schema's version, pending migrations, rows per table
  inboard backup FILE [--db PATH] | restore FILE [--db PATH]
                              a SQLite database and its mailbox key, copied while serve runs
  inboard boards | columns BOARD | tags BOARD | sequences [ID]
  inboard cards BOARD [--column COL] [--all]
  inboard board rename|members|archive|sla|signature BOARD ... | column rename|delete --board BOARD ...
  inboard archived --board BOARD [--all] | snoozed --board BOARD
  inboard replies list|add|edit|remove --board BOARD ...
                              a board's saved replies (inboard replies --help)
  inboard search QUERY [--board BOARD] [--all]
                              cards by the words of their titles, notes, comments and email
  inboard report --board BOARD [--since 30d | --from DATE --to DATE] [--by assignee|tag|mailbox] [--csv]
                              volume, response and resolution times, now, heatmap, who
  inboard card ID | card create|move|title|archive|restore|comment|note|subtask|tag ...
  inboard card due ID DATE|--clear | card read|unread ID | card tick|untick ID SUBTASK
  inboard card thread ID | card reply ID --body TEXT|- | --saved NAME [--attach FILE]... [--to|--cc|--bcc EMAIL]... [--no-cc]
  inboard card forward ID --to EMAIL [--body NOTE|-] | card compose --board BOARD --to EMAIL --subject S --body TEXT|-
  inboard card attachments ID [--save DIR [--name NAME]]
  inboard card snooze ID --until WHEN | --until-reply | card unsnooze ID
  inboard card history ID | customer EMAIL
                              a card's every change with who and when; a customer's conversations
  inboard notifications [--unread] [--follow] | notifications read ID|--all
                              who mentioned or assigned you, answers on your cards, late ones, failed replies
                              scriptable: a table, or --json (inboard CMD --help)
  inboard api METHOD PATH [-F k=v]... [--input FILE]
                              any /v2 request with the configured key
  inboard rules list|add|test|disable|enable|remove|away ...
                              a board's rules: sort arriving mail (tag, assign, move…; inboard rules --help)
  inboard mailbox add|list|test|remove ...
                              connect a board to the team's mailbox (IMAP in, SMTP out; inboard mailbox --help)
  inboard mail-in --board BOARD [--column COLUMN] < message
                              deliver one email to a board (for an MTA; inboard mail-in --help)
  inboard mcp [--read-only]   the boards for AI assistants: an MCP server on stdio
                              (an MCP client starts it; inboard mcp --help)
  inboard keymap [--json | --markdown]
                              every action, its scope and its keys (the config's "keys" applied)
  inboard config path|check|schema
                              the config file, its problems (each with its line), its JSON Schema

The board
  --board ID|NAME  open this board (a name may be a unique part of it)
  --refresh SECONDS
                   read the open board again every SECONDS (default ${REFRESH_SECONDS};
                   0 turns it off; at least ${MIN_REFRESH_SECONDS})
  --email EMAIL    or INBOARD_EMAIL: you, for the filter's assignee:me
                   (else the server says, where it can: GET /v2/me)
  --no-mark-read   or INBOARD_MARK_READ=0: opening a card leaves it unread

Configuration (flag > environment > config file)
  --url URL        or INBOARD_URL       a remote /v2 service
  INBOARD_API_KEY  or the config file   its API key; prefer these to a flag,
                                        which other users can see in \`ps\`
  --api-key KEY                         accepted, but visible in \`ps\`
  --profile NAME   or INBOARD_PROFILE   one of the file's "profiles" (else "defaultProfile"):
                                        {"profiles": {"work": {"url": "…", "apiKeyFile": "work.key"}, "own": {}}}
  config file: ${configFile}
               {"url": "https://…", "apiKey": "…", "insecure": false}  (mode 0600)
               "keys": {"card.archive": ["x"], "move.right": ["ctrl+l"], "card.due": []}
                 your keys for the keymap's actions ([] unbinds; inboard keymap lists them)

  inboard --help      this text
  inboard --version   the version
`;
}
