export function LoadingPage() {
  return (
    <div role="status" className="flex min-h-[50vh] items-center justify-center text-slate-600">
      Loading...
    </div>
  );
}
