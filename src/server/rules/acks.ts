/** Whether an outbox message is a rule's acknowledgement (rules/acknowledge.ts): it goes out marked as automatic. */
import type { Sql } from '../sql/sql.js';

export async function isAcknowledgement(sql: Sql, messageId: string): Promise<boolean> {
  return (await sql.get('SELECT 1 AS one FROM rule_acks WHERE message_id = ?', [messageId])) !== undefined;
}
