import { cx } from "./cx";

export function Card({ className, ...props }: React.HTMLAttributes<HTMLElement>) {
  return <section className={cx("rounded-lg border border-stone-200 bg-white shadow-sm", className)} {...props} />;
}

export function CardHeader({
  title,
  description,
  actions,
}: {
  title: React.ReactNode;
  description?: React.ReactNode;
  actions?: React.ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-3 border-b border-stone-200 px-5 py-4">
      <div>
        <h2 className="text-base font-semibold text-stone-900">{title}</h2>
        {description ? <p className="mt-0.5 text-sm text-stone-600">{description}</p> : null}
      </div>
      {actions ? <div className="flex items-center gap-2">{actions}</div> : null}
    </div>
  );
}

export function CardBody({ className, ...props }: React.HTMLAttributes<HTMLDivElement>) {
  return <div className={cx("px-5 py-4", className)} {...props} />;
}

/** The usual card: one header over one body. `bodyClassName` spaces the body; the rest goes to the card. */
export function SectionCard({
  title,
  description,
  actions,
  bodyClassName,
  children,
  ...card
}: {
  title: React.ReactNode;
  description?: React.ReactNode;
  actions?: React.ReactNode;
  bodyClassName?: string;
  children: React.ReactNode;
} & Omit<React.HTMLAttributes<HTMLElement>, "title">) {
  return (
    <Card {...card}>
      <CardHeader title={title} description={description} actions={actions} />
      <CardBody className={bodyClassName}>{children}</CardBody>
    </Card>
  );
}
