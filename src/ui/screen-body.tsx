/**
 * What is drawn instead of the board: the board list, a card's detail or
 * triage — or nothing while the board shows. App keeps the board mounted
 * beneath and hides it while one of these is drawn, so this is a function
 * App calls, not a component: its answer says whether the board shows.
 */
import type { ReactElement } from 'react';
import { BoardPicker } from './BoardPicker.js';
import { CardDetail } from './CardDetail.js';
import type { Navigation } from './hooks/use-navigation.js';
import type { ScreenData } from './hooks/use-screen-data.js';
import type { Action } from './keymap.js';
import { TriageScreen } from './TriageScreen.js';

export interface ScreenBodyProps extends ScreenData {
  nav: Navigation;
  width: number;
  height: number;
  /** False while something over the board list takes the keys. */
  pickerActive: boolean;
  /** The board list's keys that are not the list's own (use-screen-input.ts). */
  pickerAction: (action: Action, value: string | null) => void;
}

export function screenBody({ nav, width, height, boards, ...o }: ScreenBodyProps): ReactElement | null {
  if (nav.screen === 'picker')
    return (
      <BoardPicker
        boards={boards.items}
        unreadable={boards.unreadable}
        loading={boards.loading}
        error={boards.error}
        currentId={o.boardId}
        width={width}
        height={height}
        isActive={o.pickerActive}
        onSelect={nav.openBoard}
        onAction={o.pickerAction}
      />
    );
  if (nav.screen === 'detail' && o.detail !== null)
    return (
      <CardDetail
        detail={o.detail}
        columns={o.columns}
        width={width}
        height={height}
        scroll={nav.scroll}
        selected={nav.detailSel}
      />
    );
  if (nav.screen === 'triage' && nav.triage !== null)
    return <TriageScreen triage={nav.triage} width={width} height={height} />;
  return null;
}
