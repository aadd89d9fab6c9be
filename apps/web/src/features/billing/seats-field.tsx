// The seats wanted in a seat change (add seats overlay, remove seats dialog) and what the change
// would charge or credit now, as the server previews it.
import { billingEndpoints } from '@countersign/contract';
import type { Preview } from '@countersign/contract';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { ApiError } from '../../api/api-error.js';
import { useServices } from '../../app/services.js';

export interface SeatsRange {
  min: number;
  max: number | null;
}

export function useSeatChange(businessId: string, initial: number, range: SeatsRange) {
  const { api } = useServices();
  const [wanted, setWanted] = useState(initial);
  const isValid =
    Number.isInteger(wanted) && wanted >= range.min && (range.max === null || wanted <= range.max);
  const preview = useQuery<Preview, ApiError>({
    queryKey: ['seats-preview', businessId, wanted],
    queryFn: ({ signal }) =>
      api.call(billingEndpoints.previewSeats, {
        params: { id: businessId },
        body: { seats: wanted },
        signal,
      }),
    enabled: isValid,
  });
  return { wanted, setWanted, isValid, preview };
}

export function SeatsInput({
  label,
  value,
  range,
  onChange,
}: {
  label: string;
  value: number;
  range: SeatsRange;
  onChange: (seats: number) => void;
}) {
  const inputId = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={inputId} className="text-sm font-semibold">
        {label}
      </label>
      <input
        id={inputId}
        type="number"
        min={range.min}
        max={range.max ?? undefined}
        value={Number.isNaN(value) ? '' : value}
        onChange={(event) => onChange(event.target.valueAsNumber)}
        className="w-32 rounded-md border border-line px-3 py-2"
      />
    </div>
  );
}
