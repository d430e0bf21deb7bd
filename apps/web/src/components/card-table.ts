/** The class that turns a table into one card per row below 600 px (styles/tables.css). */
export const CARD_TABLE = 'card-table';
