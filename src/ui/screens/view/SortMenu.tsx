import { useId } from 'react';
import { ORDERS } from '../../../notes/read/note-order.ts';
import type { NoteOrder } from '../../../protocol/api-types.ts';
import { useT } from '../../use-value.ts';

/** The names of the orders, in the menu (message keys). */
const ORDER_LABELS: Record<NoteOrder, string> = {
  newest: 'Newest',
  oldest: 'Oldest',
  updated: 'Recently edited',
};

const isOrder = (value: string): value is NoteOrder => (ORDERS as readonly string[]).includes(value);

/** The sort choice: newest, oldest or recently edited first (docs/routes.md). */
export function SortMenu({ value, onChange }: { value: NoteOrder; onChange(order: NoteOrder): void }) {
  const t = useT();
  const id = useId();
  return (
    <div className="view-field">
      <label htmlFor={id}>{t('Sort')}</label>
      <select
        id={id}
        value={value}
        onChange={(event) => {
          const next = event.currentTarget.value;
          if (isOrder(next)) onChange(next);
        }}
      >
        {ORDERS.map((order) => (
          <option key={order} value={order}>
            {t(ORDER_LABELS[order])}
          </option>
        ))}
      </select>
    </div>
  );
}
