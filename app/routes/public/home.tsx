export default function Home() {
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-bold">Vacation Classes</h1>
      <p className="mt-4">Online vacation classes for Form 1 to Form 3 students, on WhatsApp class pages.</p>
    </main>
  );
}
