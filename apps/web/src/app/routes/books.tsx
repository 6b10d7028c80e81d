import { useParams } from 'react-router';
import { BooksScreen } from '../../features/books/components/books-screen.tsx';

/** /wallets/{address}/books?year=&tz=: the wallet's books for a calendar year. */
export function BooksRoute() {
  const { address = '' } = useParams();
  return <BooksScreen key={address} walletAddress={address} />;
}
