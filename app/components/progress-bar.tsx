import { useEffect, useState } from "react";
import { useNavigation } from "react-router";

/** Navigation progress (docs/product.md#departures): grows while the router works, completes in about 200 ms. */
export function ProgressBar() {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const [phase, setPhase] = useState<"idle" | "busy" | "done">("idle");

  useEffect(() => {
    if (busy) {
      setPhase("busy");
      return;
    }
    if (phase !== "busy") return;
    setPhase("done");
    const t = setTimeout(() => setPhase("idle"), 200);
    return () => clearTimeout(t);
  }, [busy]); // eslint-disable-line react-hooks/exhaustive-deps

  if (phase === "idle") return null;
  return (
    <div
      role="progressbar"
      aria-label="Loading page"
      aria-valuetext={phase === "busy" ? "Loading" : "Loaded"}
      className="fixed inset-x-0 top-0 z-50 h-1 origin-left bg-brand-600"
      style={
        phase === "busy"
          ? { animation: "progress-grow 2s ease-out forwards" }
          : { transform: "scaleX(1)", transition: "transform 200ms ease-out, opacity 200ms 100ms", opacity: 0 }
      }
    />
  );
}
