import { Link, type LinkProps } from "react-router";

export type ButtonVariant = "primary" | "secondary" | "danger" | "ghost" | "whatsapp";

const VARIANTS: Record<ButtonVariant, string> = {
  primary: "bg-brand-700 text-white hover:bg-brand-800 disabled:bg-gray-400",
  secondary: "border border-gray-300 bg-white text-gray-900 hover:bg-gray-50 disabled:text-gray-500",
  danger: "bg-red-700 text-white hover:bg-red-800 disabled:bg-gray-400",
  ghost: "text-brand-700 hover:bg-brand-50",
  whatsapp: "bg-green-700 text-white hover:bg-green-800 disabled:bg-gray-400",
};

export function buttonClass(variant: ButtonVariant = "primary", extra = "") {
  return `inline-flex min-h-11 items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-semibold transition-colors disabled:cursor-not-allowed ${VARIANTS[variant]} ${extra}`;
}

export function Button({
  variant = "primary",
  className = "",
  type = "button",
  ...props
}: React.ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant }) {
  return <button type={type} className={buttonClass(variant, className)} {...props} />;
}

export function ButtonLink({ variant = "primary", className = "", ...props }: LinkProps & { variant?: ButtonVariant }) {
  return <Link className={buttonClass(variant, className)} {...props} />;
}
