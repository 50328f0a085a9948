/** One line of the card detail as drawn (CardDetail.tsx), and of what is drawn into it (the thread). */
export interface DetailLine {
  text: string;
  color?: string;
  bold?: boolean;
  dim?: boolean;
  /** Part of the selected item (drawn inverse, kept in view). */
  selected?: boolean;
}
