import { Link } from 'react-router';

export function Footer() {
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-3 px-4 py-6 text-sm text-slate-600 sm:flex-row">
        <p>© {new Date().getFullYear()} Rasma. Hand-drawn sketch videos from your images.</p>
        <nav aria-label="Footer" className="flex gap-4">
          <Link to="/terms" className="hover:text-ink">
            Terms of Service
          </Link>
          <Link to="/privacy" className="hover:text-ink">
            Privacy Policy
          </Link>
          <Link to="/contact" className="hover:text-ink">
            Contact
          </Link>
          <Link to="/developers" className="hover:text-ink">
            Developers
          </Link>
        </nav>
      </div>
    </footer>
  );
}
