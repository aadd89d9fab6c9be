import { render, screen } from '@testing-library/react';
import { Component } from 'react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { onDemand, useReadyWhenLoaded } from './on-demand.js';

class Boundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    return this.state.error ? <p>failed: {this.state.error.message}</p> : this.props.children;
  }
}

function Shown({ code }: { code: ReturnType<typeof onDemand<{ text: string }>> }) {
  const loaded = code.current();
  useReadyWhenLoaded(loaded !== undefined, code.load);
  return <p>{loaded ? loaded.text : 'loading'}</p>;
}

describe('code on demand', () => {
  it('shows a placeholder, then the code once it is in, and at once on later mounts', async () => {
    let loads = 0;
    const code = onDemand(async () => {
      loads += 1;
      return { text: 'the editor' };
    });
    const first = render(<Shown code={code} />);
    expect(screen.getByText('loading')).toBeTruthy();
    expect(await screen.findByText('the editor')).toBeTruthy();
    first.unmount();
    render(<Shown code={code} />);
    expect(screen.getByText('the editor')).toBeTruthy();
    expect(loads).toBe(1);
  });

  it('lets the error boundary show a failed load, and loads again when asked anew', async () => {
    let attempt = 0;
    const code = onDemand(async () => {
      attempt += 1;
      if (attempt === 1) throw new Error('chunk missing');
      return { text: 'second try' };
    });
    render(
      <Boundary>
        <Shown code={code} />
      </Boundary>,
    );
    expect(await screen.findByText('failed: chunk missing')).toBeTruthy();
    expect((await code.load()).text).toBe('second try');
  });
});
