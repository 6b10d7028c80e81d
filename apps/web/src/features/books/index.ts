// What other features compose from the books: the per-position figures beside a position's returns.
export { PositionBooksPanel } from './components/position-books-panel.tsx';
