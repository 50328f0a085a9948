import { Box, Text } from 'ink';
import { useMemo } from 'react';
import { liveDetail } from '../store/index.js';
import { fit } from '../text/width.js';
import { CardDetail } from './CardDetail.js';
import type { BoardFilter } from './filter.js';
import { useBoard, useBoardStore } from './store-context.js';

export interface PreviewProps {
  /** Cells, the border included. */
  width: number;
  height: number;
  filter: BoardFilter | null;
}

/**
 * The focused card's detail beside the board, following the cursor at once:
 * drawn from what is known without asking (the card as listed, and its
 * detail once read ahead — store/detail-peek.ts), so walking sends no
 * request per key; what is still on its way says "loading…".
 */
export function Preview({ width, height, filter }: PreviewProps) {
  const store = useBoardStore();
  const focused = useBoard((s) => s.cursor.cardId);
  // The card the user sees focused: none when the filter hides it.
  const id = focused !== null && (filter === null || filter.ids.has(focused)) ? focused : null;
  const card = useBoard((s) => (id === null ? undefined : s.view.cards.get(id)));
  const read = useBoard((s) => s.detailsRead);
  const pending = useBoard((s) => s.pending);
  const columns = useBoard((s) => s.columns);
  const detail = useMemo(() => {
    if (id === null || card === undefined) return null;
    const peek = store.getState().peekDetail(id);
    return { data: liveDetail(peek.data, pending), loading: !peek.cached, error: null };
    // `card` and `read` are what the peek is made of: a change to either is a new peek.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [store, id, card, read, pending]);
  const inner = Math.max(1, width - 2);
  return (
    <Box
      flexDirection="column"
      width={width}
      height={height}
      borderStyle="single"
      borderColor="gray"
      borderTop={false}
      borderRight={false}
      borderBottom={false}
      paddingLeft={1}
    >
      {detail === null ? (
        <Text dimColor>{fit(filter !== null ? 'No card here matches the filter' : 'No card here', inner)}</Text>
      ) : (
        <CardDetail
          detail={detail}
          columns={columns}
          width={inner}
          height={height}
          scroll={0}
          footer={(below) => (below > 0 ? `↓ ${below} more lines — Enter opens the card` : ' ')}
          // The thread is read once the cursor rested on the card (its detail read ahead), not per key.
          thread={{ newestFirst: true, read: !detail.loading, unfoldable: false }}
        />
      )}
    </Box>
  );
}
