// The table of a console list: column headings, then the rows the caller renders; it scrolls
// sideways inside its frame on a narrow screen rather than widening the page.
import type { ReactNode } from 'react';

export function ListTable({ headings, children }: { headings: ReactNode[]; children: ReactNode }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-line bg-white">
      <table className="w-full text-left text-sm">
        <thead className="border-b border-line">
          <tr>
            {headings.map((heading, index) => (
              <th key={index} scope="col" className="p-3">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
