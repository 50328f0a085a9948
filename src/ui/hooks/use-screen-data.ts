/**
 * What the screens drawn instead of the board read from the store: the
 * board list, the open board's id, its columns and the open card's detail
 * drawn live (use-live-detail.ts).
 */
import { selectColumns, type BoardsState, type ColumnInfo, type DetailState } from '../../store/index.js';
import { useBoard } from '../store-context.js';
import { useLiveDetail } from './use-live-detail.js';

export interface ScreenData {
  boards: BoardsState;
  boardId: number | null;
  columns: readonly ColumnInfo[];
  detail: DetailState | null;
}

export function useScreenData(): ScreenData {
  const boards = useBoard((s) => s.boards);
  const boardId = useBoard((s) => s.boardId);
  const columns = useBoard(selectColumns);
  const detail = useLiveDetail();
  return { boards, boardId, columns, detail };
}
