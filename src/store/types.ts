/**
 * The board store's whole state: each slice declares its own data and
 * actions, and they are composed here (types only). Only the composition
 * root (board-store.ts), the selectors and index.ts need the whole; a slice
 * asks for the parts it touches (core.ts, Core<S>).
 */
import type { AttachmentFile, Extension } from '../api/types.js';
import type { OpenBoardActions, OpenBoardData } from './board.js';
import type { BoardAdminActions } from './board-admin.js';
import type { DetailActions, DetailData } from './card-detail.js';
import type { LiveActions, LiveData } from './events.js';
import type { PeekActions, PeekData } from './detail-peek.js';
import type { CardMutationActions } from './card-mutations.js';
import type { CommentActions } from './comments.js';
import type { CoreData } from './core.js';
import type { CursorActions, SelectionData } from './cursor.js';
import type { FilterActions, FilterData } from './filter.js';
import type { JumpActions } from './jump.js';
import type { ArchivedActions, ArchivedData } from './archived.js';
import type { SearchActions, SearchData } from './search.js';
import type { MeActions, MeData } from './me.js';
import type { PagingActions, PagingData } from './paging.js';
import type { RefreshActions, RefreshData } from './refresh.js';
import type { SequenceActions, SequencesData } from './sequences.js';
import type { StatusActions, StatusData } from './status.js';
import type { TagActions, TagsData } from './tags.js';
import type { MailHealthData } from './mail-health.js';
import type { TargetsActions, TargetsData } from './targets.js';
import type { SnoozedActions, SnoozedData } from './snoozed.js';
import type { RulesActions, RulesData } from './rules.js';
import type { ReportActions, ReportData } from './report.js';
import type { WaitingSortActions } from './waiting-sort.js';
import type { HistoryActions, HistoryData } from './undo.js';
import type { ThreadActions, ThreadData } from './thread.js';
import type { OutboxActions, OutboxData } from './outbox.js';
import type { SendMailActions } from './send-mail.js';
import type { PresenceActions, PresenceData } from './presence.js';
import type { CustomerActions, CustomerData } from './customer.js';
import type { NotificationsActions, NotificationsData } from './notifications.js';

/** Every field of the state. */
export type BoardData = CoreData &
  OpenBoardData &
  PagingData &
  RefreshData &
  LiveData &
  DetailData &
  PeekData &
  FilterData &
  SelectionData &
  TagsData &
  MailHealthData &
  TargetsData &
  SnoozedData &
  RulesData &
  ReportData &
  SequencesData &
  MeData &
  HistoryData &
  ArchivedData &
  SearchData &
  ThreadData &
  OutboxData &
  PresenceData &
  CustomerData &
  NotificationsData &
  StatusData;

export interface ServerActions {
  /** Whether the server offers an extension (see api/types.ts Extension): undefined until it is known. */
  offers(ext: Extension): boolean | undefined;
  /** An attachment's bytes (extension `attachments`), by its Id in the thread; rejects with the server's words. */
  getAttachment(attachmentId: string): Promise<AttachmentFile>;
}

/** Every action of the store. */
export type BoardActions = OpenBoardActions &
  PagingActions &
  RefreshActions &
  LiveActions &
  DetailActions &
  PeekActions &
  CursorActions &
  FilterActions &
  JumpActions &
  ArchivedActions &
  SearchActions &
  SnoozedActions &
  RulesActions &
  ReportActions &
  TargetsActions &
  WaitingSortActions &
  CardMutationActions &
  CommentActions &
  TagActions &
  BoardAdminActions &
  SequenceActions &
  MeActions &
  HistoryActions &
  ThreadActions &
  OutboxActions &
  SendMailActions &
  PresenceActions &
  CustomerActions &
  NotificationsActions &
  StatusActions &
  ServerActions;

export type BoardState = BoardData & BoardActions;
